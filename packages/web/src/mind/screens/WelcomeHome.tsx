import type { Lang } from '@meridian/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../shared/i18n.ts';
import { redirectToSignIn } from '../../shared/session.ts';

/** The national psychological help line the mood and interview pages give too. */
const HOTLINE = '12356';

const words: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    title: '暖心老师 · 贴心朋友',
    lead: '学校心理健康服务：陪伴学生成长，帮助老师和家长及早发现、及时关心。',
    who: '为谁服务',
    whoText: '学生可以做心理测评、记录心情、预约心理老师；老师和家长看到需要关心的孩子，及时跟进。',
    counsellor: '找心理老师',
    counsellorText: '每所学校都有心理老师和心理辅导室。可以直接去辅导室，也可以请班主任帮你预约。',
    hotline: '心理援助热线（24 小时）',
    danger: '如果你或身边的人有危险，请马上告诉身边的大人或拨打 110。',
    signIn: '老师和管理员登录',
    student: '学生入口（手机）',
    privacy: '本页不显示任何个人信息。',
  },
  en: {
    title: 'Warm teacher, smart friend',
    lead: 'Mental health care at school: walking beside students, helping teachers and parents notice early and care in time.',
    who: 'Who it is for',
    whoText:
      'Students take assessments, note their mood and book time with the psychology teacher; teachers and parents see who needs care and follow up.',
    counsellor: 'Talk to the psychology teacher',
    counsellorText:
      'Every school has a psychology teacher and a counselling room. Walk in, or ask your class teacher to book a time for you.',
    hotline: 'Psychological help line (day and night)',
    danger: 'If you or someone near you is in danger, tell an adult near you at once or call 110.',
    signIn: 'Sign in (teachers and administrators)',
    student: 'Students (phone)',
    privacy: 'This page shows no personal information.',
  },
};
for (const [lang, bundle] of Object.entries(words))
  i18n.addResourceBundle(lang, 'app', { welcome: bundle }, true, false);

const card = { background: '#fff', borderRadius: 12, padding: '16px 20px', boxShadow: '0 1px 4px rgba(0,0,0,0.08)' };

/**
 * The welcome page (`/welcomeHome`, docs/screens.md, decision 0110): for a school's lobby screen or a
 * first visit. It needs no session and reads no data: who the service is for, how to reach the
 * psychology teacher, the help line, and the ways in. Phone-friendly (one column under 720 px).
 */
export function WelcomeHome() {
  const { t } = useTranslation();
  return (
    <main
      data-testid="welcome-home"
      style={{ minHeight: '100vh', background: 'linear-gradient(160deg,#e8f4ff,#fff6ec)', padding: '24px 16px' }}
    >
      <div style={{ maxWidth: 960, margin: '0 auto', display: 'grid', gap: 16 }}>
        <h1 style={{ fontSize: 'clamp(26px, 5vw, 44px)', margin: '8px 0 0', color: '#1d4e89' }}>
          {t('welcome.title')}
        </h1>
        <p style={{ fontSize: 18, margin: 0, color: '#334' }}>{t('welcome.lead')}</p>
        <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
          <section style={card}>
            <h2 style={{ fontSize: 20 }}>{t('welcome.who')}</h2>
            <p>{t('welcome.whoText')}</p>
          </section>
          <section style={card}>
            <h2 style={{ fontSize: 20 }}>{t('welcome.counsellor')}</h2>
            <p>{t('welcome.counsellorText')}</p>
          </section>
          <section style={card} data-testid="welcome-hotline">
            <h2 style={{ fontSize: 20 }}>{t('welcome.hotline')}</h2>
            <a href={`tel:${HOTLINE}`} style={{ fontSize: 40, fontWeight: 700 }}>
              {HOTLINE}
            </a>
            <p>{t('welcome.danger')}</p>
          </section>
        </div>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Button type="primary" size="large" onClick={() => redirectToSignIn(`${window.location.origin}/jdp/`)}>
            {t('welcome.signIn')}
          </Button>
          <Button size="large" href="/h5/">
            {t('welcome.student')}
          </Button>
        </div>
        <p style={{ color: '#667', margin: 0 }}>{t('welcome.privacy')}</p>
      </div>
    </main>
  );
}
