import type { Agreement } from './types.ts';

export const en: Agreement = {
  title: 'Meridian Platform User Agreement',
  updated: 'Updated 1 January 2026 · Effective 1 January 2026',
  intro: [
    'Welcome to the Meridian platform (the "Platform"): the unified portal, Device Cloud, the Mind mental-health management platform and their mobile pages. This agreement is between you (including the company, school, education authority or other organisation you represent; together "you" or the "Customer") and the operator of the Platform ("we").',
    'Please read this agreement before you register, sign in or use the Platform, in particular the clauses that limit liability, govern data processing and protect minors. By ticking "I agree", completing registration or using the Platform you accept this agreement in full. If you do not agree, do not register or use the Platform.',
  ],
  sections: [
    {
      heading: '1. The services',
      paragraphs: [
        '1.1 Unified portal: registration, sign-in, single sign-on, password recovery, the account center, the app launcher, and the organisations, roles and permissions that the applications share.',
        '1.2 Device Cloud: connection of DTUs, PLCs, meters, cameras and other devices; live data; alarms and linkage; timed tasks; firmware upgrades; cloud configuration screens; work orders and operations statistics.',
        '1.3 Mind: psychological scale assessments, early warning and intervention, student archives, home visits and group counselling, dashboards and reports, and data docking with the provincial platform, for education authorities and schools.',
        '1.4 We may adapt the services as the product develops. Changes that materially affect your rights will be announced in advance by in-app notice, email or SMS.',
      ],
    },
    {
      heading: '2. Accounts',
      paragraphs: [
        '2.1 Give true, accurate and complete registration details (user name, phone number, email address) and keep them up to date. As the Cybersecurity Law of the PRC requires, the Platform verifies identity by phone number.',
        "2.2 Registration for some applications needs an administrator's review. Until it is approved the account cannot sign in; contact your organisation's administrator or our support for the review.",
        "2.3 An organisation's administrators may create accounts for its people and assign their roles and data scope, and are responsible for managing those accounts. A password set by the system or an administrator must be changed at the first sign-in.",
        '2.4 An account is personal: do not transfer, lend, rent or share it. Keep your password and verification codes safe; losses caused by careless keeping are yours.',
        '2.5 To protect accounts, repeated failed sign-ins slow down and temporarily lock the account and the address, and we keep an audit trail of sign-in, sign-out, permission changes, acting as another user, and access to sensitive data.',
        '2.6 If your account is misused or you find a security weakness, change your password at once and tell us. We may suspend an account while a confirmed risk lasts.',
      ],
    },
    {
      heading: '3. Acceptable use',
      paragraphs: [
        "3.1 You will comply with the laws of the People's Republic of China and will not use the Platform to endanger national security, disturb public order, infringe the rights of others or break any law or regulation.",
        "3.2 You will not interfere with the Platform: no unauthorised access to others' data, scanning or attacking the systems, bypassing access controls, spreading malicious code, or automated mass registration or scraping.",
        '3.3 Before sending a write, control or upgrade command to a device in the field through Device Cloud, make sure the command and the conditions on site are safe. The party that sends a command is responsible for equipment faults and incidents caused by a wrong command, wrong parameters or conditions on site.',
      ],
    },
    {
      heading: '4. Your data and personal information',
      paragraphs: [
        '4.1 The business data you enter or upload, and the data your devices produce ("Customer Data"), belong to you. We process Customer Data only as needed to provide the services and on your instructions; we never sell it or use it for anything unrelated to the services.',
        '4.2 For personal information within Customer Data, you (or the organisation you represent) are the personal information handler and we are the entrusted processor. You make sure that notice and consent, or another lawful basis under the Personal Information Protection Law, is in place.',
        '4.3 Under the Data Security Law and the Personal Information Protection Law we apply safeguards proportionate to the risk: encryption in transit, passwords stored irreversibly, role- and organisation-based data scopes, audit trails, regular backups and security assessments.',
        "4.4 Platform data is stored within the People's Republic of China. We do not provide Customer Data abroad without your written consent and the security assessment or other procedures the law requires.",
        '4.5 Device Cloud keeps online history for 35 days by default; older data is deleted or archived as configured. You may export the data you need at any time during the service.',
        '4.6 In the account center you can view and correct your profile and unbind third-party accounts; your administrator can close your account. Once an account is closed we delete or anonymise its personal information unless the law requires otherwise.',
      ],
    },
    {
      heading: "5. Minors' information and mental-health data",
      paragraphs: [
        "5.1 Mind processes personal information of students, most of them minors, including sensitive personal information such as assessment results. The education authorities and schools that use Mind must, under the Law on the Protection of Minors, the Personal Information Protection Law and the Provisions on the Online Protection of Children's Personal Information, inform students' guardians clearly and obtain their consent before processing, and use the data only for students' mental-health education and crisis prevention.",
        "5.2 Assessment results, warning and intervention records and student archives are shown only to the roles that need them for their duties (such as the school's psychology teachers, class teachers and authorised administrators); every view of a student's archive or assessment result is recorded in the audit trail.",
        '5.3 Sensitive data leaves the Platform only through the audited download center, and is kept only for the period the organisation configures, then deleted or anonymised.',
        '5.4 Scale results support mental-health screening and education; they are not a medical diagnosis. When a student may be in crisis, the school must act at once under its crisis-intervention plan and contact the guardians and professional medical services.',
        '5.5 Students and parents use the mobile pages only, to answer assessments and read the reports they (or their children) are allowed to see; they cannot use the management platform.',
      ],
    },
    {
      heading: '6. Third-party services',
      paragraphs: [
        '6.1 You may sign in with and bind WeChat, DingTalk and other third-party accounts, and we send verification codes and notices by SMS and email. When you use a third-party service, its own terms also apply.',
        '6.2 We receive only the account identifier needed to sign you in or bind the account, never your third-party password.',
      ],
    },
    {
      heading: '7. Changes, interruptions and termination',
      paragraphs: [
        '7.1 We make reasonable efforts to keep the services available. Planned maintenance is announced in advance. For interruptions we do not cause (force majeure, network operator failures, attacks) we will restore service as quickly as we can but are not liable for them.',
        '7.2 If you break this agreement or the law, we may warn you, restrict features, or suspend or end the service according to the severity, and may pursue legal remedies.',
        '7.3 After the service ends you have at least 30 days to export your data; after that Customer Data is deleted as agreed.',
      ],
    },
    {
      heading: '8. Intellectual property',
      paragraphs: [
        '8.1 The software, interface design, documentation, trademarks, the built-in device library and scale templates belong to us or their respective owners. Do not copy, modify, reverse-engineer or use them commercially without permission.',
        '8.2 Licensed psychological scales may be imported and used only by organisations that hold the licence.',
      ],
    },
    {
      heading: '9. Limitation of liability',
      paragraphs: [
        '9.1 To the extent the law allows, we are not liable for indirect losses or loss of profit from using or being unable to use the Platform, and our total liability is limited to the fees you paid for the service concerned in the previous twelve months.',
        '9.2 These limits do not apply to personal injury or property damage caused by our intent or gross negligence.',
      ],
    },
    {
      heading: '10. Changes to this agreement; governing law',
      paragraphs: [
        '10.1 We may update this agreement. The updated version is published on this page with its date; changes that materially affect your rights and obligations will also be notified to you. Continuing to use the Platform means you accept the updated agreement.',
        "10.2 This agreement is governed by the laws of the People's Republic of China (excluding those of Hong Kong, Macao and Taiwan). Disputes are to be settled by friendly negotiation; failing that, either party may bring proceedings before the competent people's court where the operator is located.",
      ],
    },
    {
      heading: '11. Contact us',
      paragraphs: [
        "For questions, comments or complaints about this agreement or personal information, contact your organisation's administrator or our support line and email published on the Platform. We reply within 15 working days.",
      ],
    },
  ],
};
