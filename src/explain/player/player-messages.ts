import { defineMessages } from '../../i18n/messages'

/** The controls of the one player (steppers, lessons, timeline); their glyphs are SVG (player-icons). */
export const playerMessages = defineMessages({
  en: {
    controls: 'Player controls',
    start: 'Start',
    back: 'Back',
    forward: 'Next',
    play: 'Play',
    pause: 'Pause',
    end: 'End',
    speed: 'Speed',
    slider: 'Position',
    beforeStart: 'Before the first step',
    position: 'Step {n} of {total}',
    keys: 'Keys: ← back, → next, space play/pause, Home/End.',
    reducedMotion: 'Reduce motion',
    reducedMotionOn:
      'Reduced motion is on: nothing moves by itself; Play advances one step per tick without animation.',
  },
  'zh-CN': {
    controls: '播放控制',
    start: '开头',
    back: '上一步',
    forward: '下一步',
    play: '播放',
    pause: '暂停',
    end: '末尾',
    speed: '速度',
    slider: '位置',
    beforeStart: '第一步之前',
    position: '第 {n} 步，共 {total} 步',
    keys: '按键：← 后退，→ 前进，空格 播放/暂停，Home/End 跳到首尾。',
    reducedMotion: '减少动画',
    reducedMotionOn: '已开启“减少动态效果”：不会自动播放；播放时每拍前进一步，不带动画。',
  },
})
