import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { UserInfo } from '../../shared/auth.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { Paragraph, Title } from '../../shared/typography.tsx';
import { Permission } from '../access/Permission.tsx';
import { useHomeSummary } from './api.ts';
import { HomeCard, homeVisitRows, interviewRows, taskRows, todoRows, warningLevels } from './cards.tsx';
import { Shortcuts } from './Shortcuts.tsx';

/** The permission code of the home page's to-do list. */
export const TODO_CODE = 'todo';

const half = { xs: 24, lg: 12 } as const;

/**
 * Mind's home (`/data/home`): the caller's to-dos, running assessments, new warnings, this week's
 * interviews and home visits due, each card linking to its page, and shortcuts to the role's
 * pages. One call (decision 0066); a card the role may not open is not there.
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useOutletContext<UserInfo>();
  const summary = useHomeSummary();
  const data = summary.data;
  return (
    <div data-testid="mind-home">
      <Row gutter={[24, 24]}>
        <Col span={24}>
          <Card
            style={{ background: 'linear-gradient(120deg, #e4edfc 0%, #e3f5f3 100%)' }}
            styles={{ body: { padding: '24px 32px' } }}
          >
            <Title level={3} style={{ marginTop: 0, marginBottom: 8 }}>
              {t('home.heading', { name: user.nickname })}
            </Title>
            <Paragraph type="secondary" style={{ margin: 0, fontSize: 15 }}>
              {t('home.intro')}
            </Paragraph>
          </Card>
        </Col>
        {summary.isError && (
          <Col span={24}>
            <LoadFailed error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
          </Col>
        )}
        {data && (
          <>
            <Permission code={TODO_CODE}>
              <Col {...half}>
                <HomeCard
                  testId="mind-todo"
                  title={t('home.todoTitle')}
                  to="/pending"
                  total={data.todos.total}
                  empty={t('home.noTodo')}
                >
                  {todoRows(data.todos)}
                </HomeCard>
              </Col>
            </Permission>
            {data.warnings && (
              <Col {...half}>
                <HomeCard
                  testId="home-warnings"
                  title={t('home.warningsTitle')}
                  to="/data/intervene"
                  empty={t('home.noWarnings')}
                >
                  {warningLevels(data.warnings, t)}
                </HomeCard>
              </Col>
            )}
            {data.tasks && (
              <Col {...half}>
                <HomeCard
                  testId="home-tasks"
                  title={t('home.tasksTitle')}
                  to="/data/progressMonitor"
                  total={data.tasks.total}
                  empty={t('home.noTasks')}
                >
                  {taskRows(data.tasks, t)}
                </HomeCard>
              </Col>
            )}
            {data.interviews && (
              <Col {...half}>
                <HomeCard
                  testId="home-interviews"
                  title={t('home.interviewsTitle')}
                  to="/data/interview"
                  total={data.interviews.total}
                  empty={t('home.noInterviews')}
                >
                  {interviewRows(data.interviews)}
                </HomeCard>
              </Col>
            )}
            {data.homeVisits && (
              <Col {...half}>
                <HomeCard
                  testId="home-visits"
                  title={t('home.homeVisitsTitle')}
                  to="/data/homeVisitRecord"
                  total={data.homeVisits.total}
                  empty={t('home.noHomeVisits')}
                >
                  {homeVisitRows(data.homeVisits, t)}
                </HomeCard>
              </Col>
            )}
            <Col span={24}>
              <Shortcuts usage={data.usage} />
            </Col>
          </>
        )}
      </Row>
    </div>
  );
}
