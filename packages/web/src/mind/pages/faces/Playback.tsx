import { Button, Card, Col, Flex, Row, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeText } from '../archive/common.tsx';
import type { Trajectory } from './api.ts';
import './strings.ts';

/**
 * The trajectory played back on the school's camera list (trackHk): stop by stop in time order,
 * the camera of the current stop lit among the cameras that saw the student.
 */
export function Playback({ trajectory }: { trajectory: Trajectory }) {
  const { t } = useTranslation();
  const [at, setAt] = useState(0);
  const points = trajectory.points;
  const current = points[Math.min(at, points.length - 1)];
  if (!current) return <Typography.Text type="secondary">{t('faces.noPoints')}</Typography.Text>;
  return (
    <Flex vertical gap={12} data-testid="trajectory-playback">
      <Flex gap={8} align="center" wrap>
        <Button disabled={at === 0} onClick={() => setAt(at - 1)} data-testid="playback-prev">
          {t('faces.prev')}
        </Button>
        <Button disabled={at >= points.length - 1} onClick={() => setAt(at + 1)} data-testid="playback-next">
          {t('faces.next')}
        </Button>
        <Typography.Text data-testid="playback-step">
          {t('faces.step', { n: at + 1, total: points.length })} · {timeText(current.seenAt)} · {current.location}
        </Typography.Text>
      </Flex>
      <Row gutter={[12, 12]}>
        {trajectory.cameras.map((c) => (
          <Col key={c.id} xs={24} sm={12} md={8}>
            <Card
              size="small"
              style={c.id === current.deviceId ? { borderColor: '#1677ff', boxShadow: '0 0 0 2px #91caff' } : undefined}
              data-testid={c.id === current.deviceId ? 'playback-current' : undefined}
            >
              <Typography.Text strong>{c.location}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{c.name}</Typography.Text>
              <br />
              <Tag>{t('faces.visits', { count: c.visits })}</Tag>
            </Card>
          </Col>
        ))}
      </Row>
      <Steps
        size="small"
        direction="vertical"
        current={at}
        onChange={setAt}
        items={points.map((p) => ({ title: p.location, description: timeText(p.seenAt) }))}
      />
    </Flex>
  );
}
