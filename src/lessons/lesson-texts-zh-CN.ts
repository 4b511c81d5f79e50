/** The lessons' zh-CN texts (lessons/NN-name/zh-CN.md), a chunk of their own: a page loads its language's. */
export const texts = import.meta.glob<string>('../../lessons/[0-9][0-9]-*/zh-CN.md', {
  eager: true,
  query: '?raw',
  import: 'default',
})
