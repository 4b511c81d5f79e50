/**
 * The version profiles as a learner reads them, in both languages: one wording for every view that
 * names the version a rule depends on (lessons, the timeline's explanations). Spread into a feature's
 * catalogue; keys are `profile_<ProfileName>`.
 */
import { defineMessages } from './messages'

export const profileNames = defineMessages({
  en: {
    'profile_rabbitmq-4': 'RabbitMQ 4.3',
    'profile_rabbitmq-4.0': 'RabbitMQ 4.0–4.2',
    'profile_rabbitmq-3.10': 'RabbitMQ 3.10',
    profile_teaching: 'the study note’s model',
    profile_robustmq: 'RobustMQ',
  },
  'zh-CN': {
    'profile_rabbitmq-4': 'RabbitMQ 4.3',
    'profile_rabbitmq-4.0': 'RabbitMQ 4.0–4.2',
    'profile_rabbitmq-3.10': 'RabbitMQ 3.10',
    profile_teaching: '学习笔记的模型',
    profile_robustmq: 'RobustMQ',
  },
})
