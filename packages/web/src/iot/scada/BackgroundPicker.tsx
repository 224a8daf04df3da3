import { useTranslation } from 'react-i18next';
import { PicturePicker } from '../components/PicturePicker.tsx';

/** The screen's background: a jpg or png up to 2 MB, checked here and again by the server by its content. */
export function BackgroundPicker({ value, onChange }: { value: string | null; onChange(path: string | null): void }) {
  const { t } = useTranslation();
  return (
    <PicturePicker
      value={value}
      onChange={onChange}
      addLabel={t('scada.backgroundAdd')}
      removeLabel={t('scada.backgroundRemove')}
      testId="scada-background"
    />
  );
}
