import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignForm } from './api.ts';
import './strings.ts';

const STATE_COLOURS: Record<SignForm['state'], string> = {
  sent: 'processing',
  signed: 'success',
  withdrawn: 'default',
};

export function StateTag({ state }: { state: SignForm['state'] }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOURS[state]}>{t(`signing.states.${state}`)}</Tag>;
}
