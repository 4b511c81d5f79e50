import { defineMessages } from '../../i18n/messages'

/** The real-broker part of a homework page (lab kits, observation, diff). */
export const homeworkLabMessages = defineMessages({
  en: {
    heading: 'On a real broker',
    intro:
      'First predict in the playground where each event goes. Then run one of these kits against your RabbitMQ and paste back what it printed: the page keeps the prediction and the broker’s observation apart and marks every difference. To reproduce a binding typo, change one binding key in the kit before you run it.',
    loading: 'Preparing the kits…',
    failed: 'The homework scenario could not be loaded: {error}',
    recorded: 'Recorded for this homework: observed on {product} {version} ({kit}, {time}), {result}.',
    recordedAgree: 'no difference',
    recordedDiffer: '{count} difference(s)',
    notSaved: 'This browser could not save the observation; it is shown until you leave the page.',
    forget: 'Forget this observation',
    noKit:
      'No lab kit for this homework: its timeline needs two clients at once (two connections, their consumers, one of them going away), and a kit replays a scenario over a single connection, reading the queues with basic.get, so it could not show what this homework is about. Play the timeline for the prediction (the same timeline runs on RabbitMQ 3.10 in the project’s tests and agrees), then reproduce it with two clients of your own and compare by hand.',
  },
  'zh-CN': {
    heading: '在真实的 Broker 上',
    intro:
      '先在演练场里预测每条事件的去向。然后用下面任一实验包在你的 RabbitMQ 上运行，并贴回它打印的内容：本页把预测与 Broker 的观测分开摆放，并标出每一处不同。若要复现绑定拼写错误，请在运行前把实验包里的某个绑定键改错。',
    loading: '正在准备实验包…',
    failed: '无法载入本作业的场景：{error}',
    recorded: '本作业已记录：观测于 {product} {version}（{kit}，{time}），{result}。',
    recordedAgree: '没有不同',
    recordedDiffer: '{count} 处不同',
    notSaved: '浏览器未能保存这份观测；离开本页前它会一直显示。',
    forget: '删除这份观测',
    noKit:
      '本作业没有实验包：它的时间线需要两个客户端同时在场（两个连接、各自的消费者、其中一个断开），而实验包只用一个连接重放场景、用 basic.get 读取队列，无法呈现本作业要考察的行为。请先播放时间线得到预测（同一条时间线在项目的测试中已在 RabbitMQ 3.10 上运行并与之一致），再用你自己的两个客户端复现，并手动对比。',
  },
})
