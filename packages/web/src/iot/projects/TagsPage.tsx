import { PlusOutlined } from '@ant-design/icons';
import { TAG_CATEGORIES_MAX } from '@meridian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, List, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { useConfirm } from '../../shared/useConfirm.ts';
import { type DeviceTag, deleteCategory, deleteTag, listCategories, listTags, type TagCategory } from './api.ts';
import { CategoryForm, TagForm } from './TagForms.tsx';

type Editing<T> = T | 'new' | null;

/** Device Group: up to 5 tag categories and the tags (groups) in them; a device carries up to 3 tags. */
export function TagsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [categoryId, setCategoryId] = useState<number>();
  const [category, setCategory] = useState<Editing<TagCategory>>(null);
  const [tag, setTag] = useState<Editing<DeviceTag>>(null);
  const categories = useQuery({ queryKey: ['iot', 'tag-categories'], queryFn: ({ signal }) => listCategories(signal) });
  // The category picked on the left keys the list rather than being searched, so picking one keeps the page.
  const tags = usePagedList<object, DeviceTag>(['iot', 'tags', categoryId], (query, signal) =>
    listTags({ categoryId, ...query }, signal),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot'] });
  const categoryList = categories.data?.list ?? [];

  return (
    <Row gutter={16} data-testid="tags-page">
      <Col xs={24} lg={7}>
        <Card
          title={t('tags.categories')}
          extra={
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={categoryList.length >= TAG_CATEGORIES_MAX}
              onClick={() => setCategory('new')}
              data-testid="category-add"
            >
              {t('tags.addCategory')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">
            {t('tags.categoryLimit', { count: categoryList.length, max: TAG_CATEGORIES_MAX })}
          </Typography.Paragraph>
          <List
            loading={categories.isLoading}
            dataSource={[{ id: 0, name: t('tags.allCategories'), tagCount: -1 } as TagCategory, ...categoryList]}
            renderItem={(item) => (
              <List.Item
                style={{
                  cursor: 'pointer',
                  background: (categoryId ?? 0) === item.id ? '#e6f4ff' : undefined,
                  paddingInline: 8,
                }}
                onClick={() => setCategoryId(item.id || undefined)}
                actions={
                  item.id
                    ? [
                        <Button
                          key="edit"
                          type="link"
                          size="small"
                          onClick={(e) => {
                            e.stopPropagation();
                            setCategory(item);
                          }}
                        >
                          {t('ui.edit')}
                        </Button>,
                        <Button
                          key="delete"
                          type="link"
                          size="small"
                          danger
                          onClick={(e) => {
                            e.stopPropagation();
                            confirm(
                              {
                                title: t('tags.deleteCategoryAsk', { name: item.name }),
                                okText: t('ui.delete'),
                                danger: true,
                              },
                              async () => {
                                await deleteCategory(item.id);
                                if (categoryId === item.id) setCategoryId(undefined);
                                await refresh();
                              },
                            );
                          }}
                        >
                          {t('ui.delete')}
                        </Button>,
                      ]
                    : []
                }
              >
                {item.name}
                {item.tagCount >= 0 ? <Typography.Text type="secondary"> ({item.tagCount})</Typography.Text> : null}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card
          title={t('menu.devices.tags')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTag('new')} data-testid="tag-add">
              {t('tags.addTag')}
            </Button>
          }
        >
          <PagedTable<DeviceTag>
            list={tags}
            data-testid="tags-table"
            rowKey="id"
            locale={{ emptyText: t('tags.empty') }}
            columns={[
              { title: t('tags.name'), dataIndex: 'name' },
              { title: t('tags.category'), dataIndex: 'categoryName', render: (v: string | null) => v ?? '-' },
              {
                title: t('tags.description'),
                dataIndex: 'description',
                ellipsis: true,
                render: (v: string | null) => v ?? '-',
              },
              { title: t('projects.field.devices'), dataIndex: 'deviceCount', width: 100 },
              {
                title: t('ui.actions'),
                key: 'actions',
                width: 150,
                render: (_v, row) => (
                  <Flex>
                    <Button type="link" size="small" onClick={() => setTag(row)}>
                      {t('ui.edit')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() =>
                        confirm(
                          { title: t('tags.deleteTagAsk', { name: row.name }), okText: t('ui.delete'), danger: true },
                          async () => {
                            await deleteTag(row.id);
                            await refresh();
                          },
                        )
                      }
                    >
                      {t('ui.delete')}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      {category && (
        <CategoryForm category={category === 'new' ? undefined : category} onClose={() => setCategory(null)} />
      )}
      {tag && (
        <TagForm
          tag={tag === 'new' ? undefined : tag}
          categories={categoryList}
          defaultCategory={categoryId}
          onClose={() => setTag(null)}
        />
      )}
    </Row>
  );
}
