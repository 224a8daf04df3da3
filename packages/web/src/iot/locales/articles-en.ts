import type { articlesZhCN } from './articles.ts';

/** Articles and the home page's announcements, in English. */
export const articlesEn: typeof articlesZhCN = {
  articles: {
    add: 'New article',
    edit: 'Edit article',
    empty: 'No articles yet',
    keyword: 'Article title',
    title: 'Title',
    titleRequired: 'Give the article a title',
    type: 'Type',
    types: { announcement: 'Announcement', news: 'News', help: 'Help' },
    content: 'Content',
    contentRequired: 'Write the article’s content',
    state: 'State',
    states: { published: 'Published', draft: 'Draft' },
    published: 'Published',
    pinned: 'Pinned',
    window: 'Shown on home pages',
    windowHelp: 'The announcement shows on every user’s home page in this time; leave empty for no limit',
    open: 'open',
    author: 'Author',
    updatedAt: 'Updated',
    deleteConfirm: 'Delete this article? A published announcement leaves the home pages.',
    tools: { heading: 'Heading', bold: 'Bold', italic: 'Italic', bullet: 'Bulleted list', ordered: 'Numbered list' },
  },
  announcements: { title: 'Announcements', more: 'Read more' },
};
