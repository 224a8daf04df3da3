import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Flex, Popconfirm, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { ViewGuard } from '../../access/ViewGuard.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { deleteFace, type FacePhoto, facePhotos } from './api.ts';
import { FaceForm } from './FaceForm.tsx';
import { SwitchCard, useFaceSwitches } from './SwitchCard.tsx';
import './strings.ts';

const photosKey = ['faces', 'photos'];

/**
 * `/data/faceUpload`: the school's switch of faces and trajectories, a consented whitelist face
 * added, and the faces kept with their consent and retention end, deleted on request (decision 0101).
 */
export function FaceUploadPage() {
  const { t } = useTranslation();
  const can = useCan('/data/faceUpload');
  return (
    <ViewGuard may={can('view')} testId="face-upload-page" refusal={t('faces.noView')}>
      <FaceUpload />
    </ViewGuard>
  );
}

function FaceUpload() {
  const can = useCan('/data/faceUpload');
  const queryClient = useQueryClient();
  const switches = useFaceSwitches();
  const anyOn = (switches.data ?? []).some((s) => s.enabled);
  return (
    <Flex vertical gap={16} data-testid="face-upload-page">
      <SwitchCard mayTurn={can('edit')} />
      {anyOn && can('add') && <FaceForm onSaved={() => queryClient.invalidateQueries({ queryKey: photosKey })} />}
      <FaceList mayDelete={can('delete')} />
    </Flex>
  );
}

function FaceList({ mayDelete }: { mayDelete: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const photos = useQuery({ queryKey: photosKey, queryFn: ({ signal }) => facePhotos(signal) });
  const remove = useMutation({
    mutationFn: deleteFace,
    onSuccess: () => {
      message.success(t('faces.deleted'));
      void queryClient.invalidateQueries({ queryKey: photosKey });
    },
    onError: notifyError,
  });
  return (
    <Card title={t('faces.faces')}>
      <Table<FacePhoto>
        rowKey="id"
        size="small"
        loading={photos.isPending}
        dataSource={photos.data ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: t('faces.empty') }}
        data-testid="face-list"
        columns={[
          { title: t('faces.student'), render: (_, r) => `${r.studentName} · ${r.className}` },
          {
            title: t('faces.consent'),
            render: (_, r) => (
              <>
                {r.consentName} · {timeText(r.consentDate).slice(0, 10)}
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                  {r.basis}
                </Typography.Paragraph>
              </>
            ),
          },
          { title: t('faces.retainUntil'), render: (_, r) => timeText(r.retainUntil).slice(0, 10) },
          { title: t('faces.addedBy'), render: (_, r) => `${r.createdBy} · ${timeText(r.createdAt)}` },
          ...(mayDelete
            ? [
                {
                  title: '',
                  render: (_: unknown, r: FacePhoto) => (
                    <Popconfirm title={t('faces.deleteConfirm')} onConfirm={() => remove.mutate(r.id)}>
                      <Typography.Link type="danger">{t('faces.deleteFace')}</Typography.Link>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
