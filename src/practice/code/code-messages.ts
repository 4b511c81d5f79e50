/** Strings of the code exercises, in English and Simplified Chinese. */
import { defineMessages } from '../../i18n/messages'

export const codeMessages = defineMessages({
  en: {
    codeTitle: 'Code exercises',
    rulesTitle: 'Matching rules of this exercise',
    rules_rabbitmq:
      'RabbitMQ’s rules: split pattern and key on "."; "" is zero words; an empty word (the middle of a..b, the end of a.) is an ordinary word, matched by itself, * or #; * takes exactly one word; # takes zero or more; words compare exactly (case-sensitive). RabbitMQ 4 refuses binding keys with more than two #, so no test uses them.',
    rules_strict:
      'The study note’s strict teaching rules: the same as RabbitMQ’s, except that an empty word is an input error — matches must throw (any Error) when the pattern or the key contains one. "" is still zero words and allowed. RabbitMQ itself accepts empty words.',
    variant_strict: 'Try the study note’s strict variant (empty words are errors)',
    variant_rabbitmq: 'Back to RabbitMQ’s rules (empty words are words)',
    visibleTests:
      'Visible tests, with the engine’s expected values. Every run also checks {rules} hidden corner cases and {generated} cases generated afresh for that run.',
    call: 'Call',
    expected: 'Expected',
    actual: 'Actual',
    expectThrow: 'throws an Error',
    casesExpected:
      'for this pattern: a counter-example (false) and a true control; every expected value as RabbitMQ answers',
    rules_cases:
      'How cases(pattern) is graded: each run calls it with the visible pattern, a few hidden ones and patterns generated for that run — each has exactly one * and plain words elsewhere (no #, no empty words). For each pattern the rows must include a counter-example (a key where the * would have to take two words, expected false) and a control with the same pattern (expected true). Every expected value must be what RabbitMQ answers; rows about other patterns are allowed and checked too. A failure names the pattern and what is missing, never a row to copy.',
    sandboxRules:
      'Write TypeScript. It runs in a separate sandbox Worker without DOM or network; a run is stopped after {s} s. Your text is saved in this browser as you type.',
    loadingEditor: 'Loading the editor…',
    editorLabel: 'Code editor',
    runTests: 'Run tests',
    running: 'Running…',
    runningHint: 'Running in the sandbox (limit {s} s). The page stays usable.',
    resetCode: 'Start again from the starter',
    loadSolution: 'Show the reference solution…',
    solutionAsk:
      'Load the reference solution into the editor? Your text is kept: “Back to my code” (or Ctrl+Z in the editor) brings it back. From now on this exercise is recorded as “solution shown”: a later run that passes no longer counts as passed.',
    solutionYes: 'Load the solution',
    solutionNo: 'Cancel',
    backToMine: 'Back to my code',
    referenceSolution: 'Reference solution',
    timeout: 'Stopped after {s} s: the code did not finish (an endless loop?). The sandbox was terminated.',
    loadError: 'Could not run the code: {error}',
    testsPassed: 'All {total} tests pass.',
    testsFailed: '{passed} of {total} tests pass.',
    passedShown:
      'The tests pass, but the reference solution was shown for this exercise, so it is recorded as “solution shown”, not passed.',
    failure_visible: 'First failing test',
    failure_rule: 'A hidden corner case fails',
    failure_generated: 'A generated case fails (each run generates new ones)',
    oneAtATime: 'Only the first failing case is shown; fix it and run again.',
    note_duplicates: 'The result lists a queue more than once: one copy per queue.',
    'note_missing-counterexample':
      'No counter-example for this pattern: a key where the * would have to take two words, expected false.',
    'note_missing-control': 'No control for this pattern: a key it matches, expected true.',
    'note_wrong-expectation': 'This expectation disagrees with RabbitMQ.',
    'note_not-array': 'cases() must return an array.',
    'note_empty-word-rule':
      'Your code rejected an empty word. RabbitMQ treats an empty word as an ordinary word (a..b has three words). Rejecting it is the study note’s strict rule — that is the strict variant of this exercise.',
    'note_should-throw': 'Under the strict rules an empty word is an input error: this call must throw.',

    'note_too-large':
      'The value is too large to check (the sandbox sends back at most 100,000 characters of JSON per call).',
    gradeTimeout:
      'Stopped after {s} s: checking the answer against the engine took too long (too many cases?).',
    loadImport:
      'import is not available in exercises (line {line}, column {column}; comments and strings are checked too).',
    loadNotDeclared: 'The code does not declare the function {entry}.',
    loadNoStart: 'The sandbox did not start. Please try again.',
    loadBadReply: 'The sandbox sent back a reply it may not send; this run was discarded.',
  },
  'zh-CN': {
    codeTitle: '编程练习',
    rulesTitle: '本题的匹配规则',
    rules_rabbitmq:
      'RabbitMQ 的规则：模式和键都按“.”切分；"" 表示零个词；空词（a..b 的中间、a. 的末尾）是普通的词，只能由它自己、* 或 # 匹配；* 恰好匹配一个词；# 匹配零个或多个词；逐字精确比较，区分大小写。RabbitMQ 4 拒绝含两个以上 # 的绑定键，所以测试不会用到。',
    rules_strict:
      '学习笔记的严格教学规则：与 RabbitMQ 相同，只是空词算输入错误——模式或键中出现空词时，matches 必须抛出异常（任意 Error）。"" 仍表示零个词，可以使用。RabbitMQ 本身接受空词。',
    variant_strict: '试试学习笔记的严格版本（空词算错误）',
    variant_rabbitmq: '回到 RabbitMQ 的规则（空词也是词）',
    visibleTests:
      '可见测试，期望值由路由引擎给出。每次运行还会检查 {rules} 个隐藏的边界用例，以及 {generated} 个当次新生成的用例。',
    call: '调用',
    expected: '期望',
    actual: '实际',
    expectThrow: '抛出异常（Error）',
    casesExpected: '针对这个模式：一个反例（false）和一个为 true 的对照；每个期望值都与 RabbitMQ 一致',
    rules_cases:
      'cases(pattern) 的评分方式：每次运行都会用可见模式、几个隐藏模式和当次生成的模式调用它——每个模式恰好含一个 *，其余都是普通词（没有 #，也没有空词）。对每个模式，返回的用例里必须有一个反例（让 * 不得不占两个词的键，期望为 false）和一个同一模式的对照（期望为 true）。每个期望值都必须与 RabbitMQ 的结果一致；也可以写其他模式的用例，同样会被核对。失败时只指出是哪个模式、缺了什么，不会给出可以照抄的用例。',
    sandboxRules:
      '使用 TypeScript 编写。代码在独立的沙箱 Worker 中运行，无法访问 DOM 和网络；超过 {s} 秒会被终止。输入的内容会随时保存在本浏览器中。',
    loadingEditor: '正在加载编辑器…',
    editorLabel: '代码编辑器',
    runTests: '运行测试',
    running: '运行中…',
    runningHint: '正在沙箱中运行（上限 {s} 秒），页面仍可正常使用。',
    resetCode: '从初始代码重新开始',
    loadSolution: '查看参考解答…',
    solutionAsk:
      '要把参考解答载入编辑器吗？你的代码会保留：点“回到我的代码”（或在编辑器里按 Ctrl+Z）即可恢复。此后本题记为“已看解答”：之后即使测试通过，也不再算作通过。',
    solutionYes: '载入解答',
    solutionNo: '取消',
    backToMine: '回到我的代码',
    referenceSolution: '参考解答',
    timeout: '{s} 秒后已停止：代码没有结束（死循环？）。沙箱已被终止。',
    loadError: '无法运行代码：{error}',
    testsPassed: '全部 {total} 个测试通过。',
    testsFailed: '{total} 个测试中通过 {passed} 个。',
    passedShown: '测试通过了，但本题已经看过参考解答，因此记为“已看解答”，不算通过。',
    failure_visible: '第一个失败的测试',
    failure_rule: '一个隐藏的边界用例未通过',
    failure_generated: '一个生成的用例未通过（每次运行都会重新生成）',
    oneAtATime: '只显示第一个失败的用例；改好后再运行。',
    note_duplicates: '结果中有队列重复出现：每个队列只应有一份。',
    'note_missing-counterexample': '缺少这个模式的反例：让 * 不得不占两个词的键，期望为 false。',
    'note_missing-control': '缺少这个模式的对照用例：一个能匹配的键，期望为 true。',
    'note_wrong-expectation': '这个期望值与 RabbitMQ 的实际行为不符。',
    'note_not-array': 'cases() 必须返回数组。',
    'note_empty-word-rule':
      '你的代码拒绝了空词。RabbitMQ 把空词当作普通的词（a..b 有三个词）。拒绝空词是学习笔记的严格规则——那是本题的严格版本。',
    'note_should-throw': '在严格规则下，空词属于输入错误：这次调用必须抛出异常。',

    'note_too-large': '返回值太大，无法检查（沙箱每次调用最多传回 100,000 个字符的 JSON）。',
    gradeTimeout: '{s} 秒后已停止：用引擎核对答案耗时过长（用例太多？）。',
    loadImport: '练习中不能使用 import（第 {line} 行第 {column} 列；注释和字符串也会被检查）。',
    loadNotDeclared: '代码没有声明函数 {entry}。',
    loadNoStart: '沙箱没有启动，请再试一次。',
    loadBadReply: '沙箱传回了不允许的回复，本次运行已作废。',
  },
})
