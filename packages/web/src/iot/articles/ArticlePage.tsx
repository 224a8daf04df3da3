import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../shared/errors.ts';
import { Text, Title } from '../../shared/typography.tsx';
import { time } from '../workorders/orderText.tsx';
import { publishedArticle } from './api.ts';
import './articles.css';

/** One published article, as every user reads it from the home page's announcements. */
export function ArticlePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const article = useQuery({
    queryKey: ['iot', 'articles', 'published', id],
    queryFn: ({ signal }) => publishedArticle(id, signal),
    meta: { silentError: true },
  });
  if (article.isLoading) return <Skeleton active />;
  if (!article.data) return <Result status="404" subTitle={errorText(article.error)} />;
  const a = article.data;
  return (
    <Card data-testid="article-page" style={{ maxWidth: 860, margin: '0 auto' }}>
      <Title level={3} style={{ marginTop: 0 }}>
        {a.title}
      </Title>
      <Text type="secondary">
        <Tag>{t(`articles.types.${a.type}`)}</Tag>
        {a.authorName} · {time(a.publishedAt ?? a.createdAt).slice(0, 16)}
      </Text>
      <div
        className="article-body"
        data-testid="article-body"
        style={{ marginTop: 16 }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised this HTML with its allow-list before storing it (decision 0094).
        dangerouslySetInnerHTML={{ __html: a.content }}
      />
    </Card>
  );
}
