import { PlusOutlined } from '@ant-design/icons';
import { ARTICLE_TYPES, type ArticleType } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { time } from '../workorders/orderText.tsx';
import { type ArticleDesk, type ArticleFilters, type ArticleView, deleteArticle, listArticles } from './api.ts';

const ARTICLES = '/iot/articles';
// The editor (ProseMirror) is most of this page's weight: loaded when someone writes.
const ArticleForm = lazy(async () => ({ default: (await import('./ArticleForm.tsx')).ArticleForm }));
const TYPE_COLOURS: Record<ArticleType, string> = { announcement: 'orange', news: 'blue', help: 'green' };

/**
 * Article List (spec section 2): announcements, news and help; write, edit, publish and delete. The
 * platform's, for those holding Article List; or a neutral member's own, which its customers read
 * instead of the platform's (decision 0116).
 */
export function ArticlesPage({ desk = 'platform' }: { desk?: ArticleDesk }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const may = (code: 'add' | 'edit' | 'delete') => desk === 'brand' || can({ path: ARTICLES, code });
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ArticleFilters>();
  const [editing, setEditing] = useState<ArticleView | 'new' | null>(null);
  const list = usePagedList<ArticleFilters, ArticleView>(['iot', 'articles', desk, 'list'], listArticles(desk));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot', 'articles'] });
  const remove = (row: ArticleView) =>
    confirm(
      { title: row.title, content: t('articles.deleteConfirm'), okText: t('ui.delete'), danger: true },
      async () => {
        await deleteArticle(desk, row.id);
        await refresh();
        await queryClient.invalidateQueries({ queryKey: ['iot', 'home', 'summary'] });
      },
    );

  return (
    <Card
      data-testid="articles-page"
      title={t(desk === 'brand' ? 'menu.neutral.articles' : 'menu.articles.list')}
      extra={
        may('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="article-add">
            {t('articles.add')}
          </Button>
        )
      }
    >
      <FilterForm<ArticleFilters>
        form={form}
        onSearch={(values) => {
          list.search(values);
          void refresh();
        }}
        searchTestId="articles-search"
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('articles.keyword')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="type">
          <Select
            allowClear
            placeholder={t('articles.type')}
            style={{ width: 140 }}
            options={ARTICLE_TYPES.map((v) => ({ value: v, label: t(`articles.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="published">
          <Select
            allowClear
            placeholder={t('articles.state')}
            style={{ width: 140 }}
            options={[
              { value: 'true', label: t('articles.states.published') },
              { value: 'false', label: t('articles.states.draft') },
            ]}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<ArticleView>
        list={list}
        data-testid="articles-table"
        rowKey="id"
        locale={{ emptyText: t('articles.empty') }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('articles.title'),
            key: 'title',
            ellipsis: true,
            // The reading page shows what the reader's home page lists: the platform's articles.
            render: (_v, row) =>
              row.published && desk === 'platform' ? (
                <Link to={`/articles/view/${row.id}`}>{row.title}</Link>
              ) : (
                row.title
              ),
          },
          {
            title: t('articles.type'),
            key: 'type',
            width: 110,
            render: (_v, row) => <Tag color={TYPE_COLOURS[row.type]}>{t(`articles.types.${row.type}`)}</Tag>,
          },
          {
            title: t('articles.state'),
            key: 'state',
            width: 150,
            render: (_v, row) => (
              <Flex gap={4}>
                <Tag color={row.published ? 'success' : 'default'} data-testid={`article-state-${row.id}`}>
                  {t(row.published ? 'articles.states.published' : 'articles.states.draft')}
                </Tag>
                {row.pinned && <Tag color="red">{t('articles.pinned')}</Tag>}
              </Flex>
            ),
          },
          {
            title: t('articles.window'),
            key: 'window',
            width: 230,
            render: (_v, row) =>
              row.type !== 'announcement'
                ? '-'
                : `${row.showFrom ? time(row.showFrom).slice(0, 16) : t('articles.open')} ~ ${
                    row.showUntil ? time(row.showUntil).slice(0, 16) : t('articles.open')
                  }`,
          },
          { title: t('articles.author'), dataIndex: 'authorName', key: 'author', width: 120 },
          {
            title: t('articles.updatedAt'),
            key: 'updated',
            width: 160,
            render: (_v, row) => time(row.updatedAt).slice(0, 16),
          },
          {
            title: t('ui.actions'),
            key: 'actions',
            width: 130,
            render: (_v, row) => (
              <Flex gap={4}>
                {may('edit') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(row)}
                    data-testid={`article-edit-${row.id}`}
                  >
                    {t('ui.edit')}
                  </Button>
                )}
                {may('delete') && (
                  <Button type="link" size="small" danger onClick={() => remove(row)}>
                    {t('ui.delete')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing && (
        <Suspense>
          <ArticleForm desk={desk} article={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}

/** A neutral member's own articles: its customers' home-page announcements (decision 0116). */
export const BrandArticlesPage = () => <ArticlesPage desk="brand" />;
