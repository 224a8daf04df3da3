import { describe, expect, it } from 'vitest';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import { png } from '../../server/test/files.ts';
import type { CampusBox } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { campusSchool } from './campus-walks.ts';
import { pickOption } from './dropdowns.ts';
import { goInApp, openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const REASON = '家长报告孩子午休后未回教室';

describe('whitelist faces and trajectory query (issue 22, decision 0101)', () => {
  it('refused while off; the admin turns it on, whitelists a face with consent; the camera’s sightings are searched and audited', async () => {
    const db = suite.server.db;
    const { admin, classId, device } = await campusSchool(suite.server, 'Grade 7', 'Class 7-1');
    const [studentId] = await insertStudents(db, [
      { ...(await placementOf(db, classId)), name: '张小明', student_no: 'F001' },
    ]);

    const desk = await visit(suite.browser);
    try {
      // Off by default: the search is refused, in words.
      await openMind(desk.page, suite.server.url, '/data/trajectoryQuery', admin.token);
      await desk.page.getByTestId('faces-off').waitFor();
      const form = desk.page.getByTestId('trajectory-form');
      await form.locator('.ant-select').first().click();
      await pickOption(desk.page, '张小明');
      await desk.page.getByTestId('trajectory-reason').fill(REASON);
      await desk.page.getByTestId('trajectory-search').click();
      await desk.page.getByText('该校未开启人脸与轨迹功能').first().waitFor();
      await settledShot(desk.page, 'faces-search-refused-zh-CN');

      // The school administrator turns it on; who and when are shown.
      await goInApp(desk.page, '/data/faceUpload');
      const page = desk.page.getByTestId('face-upload-page');
      await page.getByText('从未开启').waitFor();
      await page.getByTestId('face-switch').click();
      await desk.page.getByText('已开启人脸与轨迹功能').waitFor();
      await page.getByText(/设置$/).waitFor();

      // Without consent the server refuses and nothing is stored.
      const faceForm = desk.page.getByTestId('face-form');
      await faceForm.locator('.ant-select').first().click();
      await pickOption(desk.page, '张小明');
      await faceForm.locator('input[type=file]').setInputFiles({
        name: 'face.png',
        mimeType: 'image/png',
        buffer: png(120, 160),
      });
      await desk.page.getByTestId('face-upload').click();
      await desk.page.getByText(/未记录同意和处理依据，照片未保存/).waitFor();
      await page.getByTestId('face-list').getByText('还没有白名单人脸').waitFor();

      // With the guardian's consent and the basis it is stored.
      await desk.page.getByTestId('face-consent-name').fill('张爸爸');
      await desk.page
        .getByTestId('face-basis')
        .fill('经监护人书面单独同意，用于校门及楼道安全管理（个人信息保护法第 28、29、31 条）');
      await settledShot(desk.page, 'faces-upload-form-zh-CN');
      // The date typed and confirmed with Enter, which also submits the form.
      const consentDate = desk.page.getByTestId('face-form').locator('.ant-picker input');
      await consentDate.click();
      await consentDate.fill(new Date().toISOString().slice(0, 10));
      await desk.page.keyboard.press('Enter');
      await desk.page.getByText('人脸已加密保存').waitFor();
      await page.getByTestId('face-list').getByText('张爸爸').waitFor();
      await settledShot(desk.page, 'faces-list-zh-CN', { fullPage: true });
      expect(unexpected(desk.problems, /trajectoryQuery\/search/, /faceUpload\/add/)).toEqual([]);
    } finally {
      await desk.close();
    }

    // Two cameras of the school report the student, over signed HTTP.
    const cameras: CampusBox[] = [];
    for (const location of ['校门口', '教学楼三层楼道'])
      cameras.push((await device(`${location}摄像头`, location)).box);
    const now = Date.now();
    for (const [i, box] of cameras.entries()) {
      const seen = await box.sighting({ studentId: studentId ?? 0, seenAt: now - (60 - i * 20) * 60_000, score: 0.91 });
      expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    }

    const searcher = await visit(suite.browser);
    try {
      await openMind(searcher.page, suite.server.url, '/data/trajectoryQuery', admin.token);
      const form = searcher.page.getByTestId('trajectory-form');
      await form.locator('.ant-select').first().click();
      await pickOption(searcher.page, '张小明');
      await searcher.page.getByTestId('trajectory-reason').fill(REASON);
      await searcher.page.getByTestId('trajectory-search').click();
      const result = searcher.page.getByTestId('trajectory-result');
      await result.getByTestId('trajectory-list').getByText('校门口', { exact: true }).waitFor();
      await result.getByTestId('trajectory-list').getByText('教学楼三层楼道', { exact: true }).waitFor();
      await settledShot(searcher.page, 'faces-trajectory-list-zh-CN', { fullPage: true });
      await result.getByText('轨迹回放').click();
      await result.getByTestId('playback-current').getByText('校门口', { exact: true }).waitFor();
      await result.getByTestId('playback-next').click();
      await result.getByTestId('playback-current').getByText('教学楼三层楼道', { exact: true }).waitFor();
      await settledShot(searcher.page, 'faces-trajectory-playback-zh-CN', { fullPage: true });
      await searcher.page.getByTestId('lang-switch').getByText('English').click();
      await result.getByText('Playback').waitFor();
      await settledShot(searcher.page, 'faces-trajectory-playback-en', { fullPage: true });
      expect(unexpected(searcher.problems)).toEqual([]);
    } finally {
      await searcher.close();
    }

    // The audit log has the search with its reason, and the refused one before it.
    const audited = await db
      .selectFrom('audit_log')
      .select(['result', 'detail'])
      .where('action', '=', 'faces.trajectory')
      .where('target_id', '=', String(studentId))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.result)).toEqual(['fail', 'ok']);
    for (const a of audited) {
      expect(typeof a.detail === 'string' ? a.detail : JSON.stringify(a.detail)).toContain(REASON);
    }
  }, 120_000);
});
