/** The lessons' en texts (lessons/NN-name/en.md), a chunk of their own: a page loads its language's. */
export const texts = import.meta.glob<string>('../../lessons/[0-9][0-9]-*/en.md', {
  eager: true,
  query: '?raw',
  import: 'default',
})
