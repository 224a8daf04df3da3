import { CameraOutlined, EnvironmentOutlined, LeftOutlined } from '@ant-design/icons';
import { uploadRules, WORK_ORDER_PICTURES_MAX, WORK_ORDER_TEXT_MAX, type WorkOrderDetail } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Image, Input, Result, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, errorText } from '../../shared/errors.ts';
import { fileAddress } from '../../shared/files.ts';
import { imageProblem, uploadImage } from '../../shared/uploads.ts';
import { useSessionCheck } from '../login/useSessionCheck.ts';
import { accept, checkIn, complete, orderOf } from './api.ts';
import { OrderTags, when } from './orderText.tsx';

/** Where the phone is, or a sentence saying why it could not tell. */
function here(): Promise<{ latitude: number; longitude: number; accuracy: number }> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) {
      reject(new Error('unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (error) => reject(error),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  });
}

function Photos({ paths }: { paths: string[] }) {
  if (paths.length === 0) return null;
  return (
    <Flex gap={6} wrap>
      {paths.map((p) => (
        <Image key={p} src={fileAddress(p)} width={64} height={64} style={{ objectFit: 'cover' }} />
      ))}
    </Flex>
  );
}

/** The result and the photos from the phone's camera: each photo checked, then uploaded at once. */
function CompleteForm({ order, onDone }: { order: WorkOrderDetail; onDone: (o: WorkOrderDetail) => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const send = useMutation({
    mutationFn: () => complete(order.id, result.trim(), photos),
    onSuccess: onDone,
    meta: { silentError: true },
  });
  const add = async (files: FileList | null) => {
    setProblem(null);
    for (const file of Array.from(files ?? []).slice(0, WORK_ORDER_PICTURES_MAX - photos.length)) {
      const found = await imageProblem(file, uploadRules.image);
      if (found) {
        setProblem(found);
        return;
      }
      setUploading(true);
      try {
        const stored = await uploadImage(file, 'image');
        setPhotos((list) => [...list, stored.path]);
      } catch (error) {
        setProblem(errorText(error));
      } finally {
        setUploading(false);
      }
    }
  };
  const empty = result.trim().length === 0;
  return (
    <Card size="small" title={t('orders.completeTitle')}>
      <Flex vertical gap={10}>
        <Input.TextArea
          rows={3}
          maxLength={WORK_ORDER_TEXT_MAX}
          showCount
          placeholder={t('orders.resultPlaceholder')}
          value={result}
          onChange={(e) => setResult(e.target.value)}
          data-testid="h5-order-result"
        />
        <Photos paths={photos} />
        {photos.length < WORK_ORDER_PICTURES_MAX && (
          <label
            className="ant-btn ant-btn-default ant-btn-block"
            style={{ display: 'flex', justifyContent: 'center' }}
          >
            <CameraOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
            {uploading
              ? t('orders.uploading')
              : t('orders.addPhoto', { count: photos.length, max: WORK_ORDER_PICTURES_MAX })}
            <input
              type="file"
              accept="image/jpeg,image/png"
              capture="environment"
              multiple
              hidden
              data-testid="h5-order-photo"
              onChange={(e) => {
                void add(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        )}
        {problem && <Alert type="warning" showIcon title={problem} data-testid="h5-order-photo-problem" />}
        {send.isError && <Alert type="error" showIcon title={errorText(send.error)} />}
        <Button
          type="primary"
          block
          size="large"
          disabled={empty || uploading}
          loading={send.isPending}
          onClick={() => send.mutate()}
          data-testid="h5-order-complete"
        >
          {t('orders.complete')}
        </Button>
      </Flex>
    </Card>
  );
}

function Actions({ order }: { order: WorkOrderDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [locating, setLocating] = useState(false);
  const [located, setLocated] = useState<string | null>(null);
  const done = (o: WorkOrderDetail) => {
    queryClient.setQueryData(['h5', 'order', o.id], o);
    void queryClient.invalidateQueries({ queryKey: ['h5', 'orders'] });
  };
  const take = useMutation({ mutationFn: () => accept(order.id), onSuccess: done, meta: { silentError: true } });
  const arrive = useMutation({
    mutationFn: async () => {
      setLocating(true);
      try {
        return await checkIn(order.id, await here());
      } finally {
        setLocating(false);
      }
    },
    onSuccess: (o) => {
      setLocated(null);
      done(o);
    },
    // A position the phone could not give is said in words; a refusal of the server in its own.
    onError: (error) => setLocated(error instanceof ApiError ? null : t('orders.noLocation')),
    meta: { silentError: true },
  });
  const checkedIn = order.timeline.some((s) => s.step === 'checkedIn');
  if (order.state === 'sent') {
    return (
      <Flex vertical gap={8}>
        {take.isError && <Alert type="error" showIcon title={errorText(take.error)} />}
        <Button
          type="primary"
          block
          size="large"
          loading={take.isPending}
          onClick={() => take.mutate()}
          data-testid="h5-order-accept"
        >
          {t('orders.accept')}
        </Button>
      </Flex>
    );
  }
  if (order.state !== 'accepted') return null;
  return (
    <Flex vertical gap={12}>
      {located && <Alert type="warning" showIcon title={located} data-testid="h5-order-no-location" />}
      {arrive.isError && !located && <Alert type="error" showIcon title={errorText(arrive.error)} />}
      <Button
        block
        size="large"
        icon={<EnvironmentOutlined />}
        loading={locating || arrive.isPending}
        onClick={() => arrive.mutate()}
        data-testid="h5-order-check-in"
      >
        {checkedIn ? t('orders.checkInAgain') : t('orders.checkIn')}
      </Button>
      <CompleteForm order={order} onDone={done} />
    </Flex>
  );
}

/** `/h5/orders/:id`: one order on the engineer's phone, with what they can do next. */
export function OrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useQuery({
    queryKey: ['h5', 'order', id],
    queryFn: ({ signal }) => orderOf(id, signal),
    meta: { silentError: true },
  });
  useSessionCheck(order.error);
  const o = order.data;
  return (
    <div data-testid="h5-order-page">
      <Link to="/orders">
        <LeftOutlined aria-hidden /> {t('orders.back')}
      </Link>
      {order.isPending ? (
        <Card style={{ marginTop: 12 }} aria-busy="true">
          <Skeleton active />
        </Card>
      ) : !o ? (
        <Result status="warning" title={t('orders.loadFailed')} subTitle={errorText(order.error)} />
      ) : (
        <Flex vertical gap={12} style={{ marginTop: 12 }}>
          <Card size="small">
            <Flex vertical gap={6}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {o.deviceName}
              </Typography.Title>
              <Typography.Text type="secondary">
                {o.sn} · {o.number}
              </Typography.Text>
              <Flex wrap gap={4} data-testid="h5-order-state">
                <OrderTags order={o} />
              </Flex>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{o.description}</Typography.Paragraph>
              <Photos paths={o.pictures} />
              {o.result && (
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  <Typography.Text strong>{t('orders.result')}</Typography.Text> {o.result}
                </Typography.Paragraph>
              )}
              <Photos paths={o.resultPictures} />
            </Flex>
          </Card>
          <Actions order={o} />
          <Card size="small" title={t('orders.timeline')}>
            <Timeline
              data-testid="h5-order-timeline"
              items={o.timeline.map((s, i) => ({
                key: i,
                content: (
                  <Flex vertical gap={2}>
                    <Typography.Text strong>
                      {t(`orders.steps.${s.step}`)} · {s.actorName}
                    </Typography.Text>
                    {s.note && <Typography.Text>{s.note}</Typography.Text>}
                    {s.latitude !== null && s.longitude !== null && (
                      <Typography.Text type="secondary">
                        <EnvironmentOutlined aria-hidden /> {s.latitude.toFixed(5)}, {s.longitude.toFixed(5)}
                      </Typography.Text>
                    )}
                    <Photos paths={s.pictures} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {when(s.at)}
                    </Typography.Text>
                  </Flex>
                ),
              }))}
            />
          </Card>
        </Flex>
      )}
    </div>
  );
}
