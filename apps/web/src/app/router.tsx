import type { ComponentType, ReactElement } from 'react';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { createBrowserRouter, Navigate } from 'react-router';
import type { Program } from '../features/programs/program-data.ts';
import { SiteLayout } from '../features/shell/site-layout.tsx';
import { LANDING_TAB, WORKBENCH_BASE_PATH, WORKBENCH_TABS } from '../features/workbench/workbench-tabs.ts';
import HomePage from '../pages/public/home-page.tsx';
import { prepareScreen } from './i18n.ts';
import { RootLayout } from './root-layout.tsx';
import { NOT_FOUND_TITLE_KEY, redirectTarget, routeHandle, STAFF_TITLE_KEY } from './route-meta.ts';

// One chunk per screen, so a public page never downloads another screen's code. The home page is the landing
// page: it is in the entry (small, no waterfall) and reads only the boot namespaces.
const DiyEbPage = screen(() => import('../pages/public/diy-eb-page.tsx'));
const DiyNiwPage = screen(() => import('../pages/public/diy-niw-page.tsx'));
const AuditPage = screen(() => import('../pages/public/audit-page.tsx'));
const TranslatePage = screen(() => import('../pages/public/translate-page.tsx'));
const AboutUsPage = screen(() => import('../pages/public/about-us-page.tsx'));
const ImmigrantPage = screen(() => import('../pages/public/immigrant-page.tsx'));
const AnswerPage = screen(() => import('../pages/public/answer-page.tsx'));
const PrivacyFilePage = screen(() => import('../pages/public/privacy-file-page.tsx'));
const PromotionPage = screen(() => import('../pages/public/promotion-page.tsx'));
const TermsOfServicePage = screen(() => import('../pages/public/terms-of-service-page.tsx'));
const LoginPage = screen(() => import('../pages/auth/login-page.tsx'));
const EstimatePage = screen(() => import('../pages/assessment/estimate-page.tsx'));
const HkEstimatePage = screen(() => import('../pages/assessment/hk-estimate-page.tsx'));
const PayServicePage = screen(() => import('../pages/shop/pay-service-page.tsx'));
const SandboxCheckoutPage = screen(() => import('../pages/shop/sandbox-checkout-page.tsx'));
const BankTransferPage = screen(() => import('../pages/shop/bank-transfer-page.tsx'));
const PersonalCenterLayout = screen(() => import('../pages/personal-center/personal-center-layout.tsx'));
const PersonMessagePage = screen(() => import('../pages/personal-center/person-message-page.tsx'));
const MessageRemindPage = screen(() => import('../pages/personal-center/message-remind-page.tsx'));
const MyPlanPage = screen(() => import('../pages/personal-center/my-plan-page.tsx'));
const PurchaseRecordPage = screen(() => import('../pages/personal-center/purchase-record-page.tsx'));
// The workbench's layout and tabs share one chunk (pages/workbench/workbench-screens.ts).
type WorkbenchScreens = typeof import('../pages/workbench/workbench-screens.ts');
function workbenchScreen<P extends object>(pick: (m: WorkbenchScreens) => ComponentType<P>) {
  return screen<P>(async () => ({ default: pick(await import('../pages/workbench/workbench-screens.ts')) }));
}
const WorkbenchLayout = workbenchScreen((m) => m.default);
const SchedulePage = workbenchScreen((m) => m.SchedulePage);
const FormPage = workbenchScreen((m) => m.FormPage);
const WorkbenchTabPage = workbenchScreen((m) => m.WorkbenchTabPage);
const GuidancePage = screen(() => import('../pages/workbench/guidance-page.tsx'));
const PreviewToPdfPage = screen(() => import('../pages/preview/preview-to-pdf-page.tsx'));
const ViewPreviewPage = screen(() => import('../pages/preview/view-preview-page.tsx'));
const OnePagePreviewPage = screen(() => import('../pages/preview/one-page-preview-page.tsx'));
// The staff console: its own chunk and sign-in, outside the site's shell (decision 0032).
const StaffPage = screen(() => import('../pages/staff/staff-page.tsx'));
const NotFoundPage = screen(() => import('../pages/not-found-page.tsx'));
// The guard uses antd's message: lazily loaded too, and still before the personal centre's own chunk.
const RequireLogin = lazy(() =>
  import('../features/account/require-login.tsx').then((m) => ({ default: m.RequireLogin })),
);

/**
 * A lazily loaded screen: its chunk, every i18n namespace (not only the boot ones, so a key prefixed with any
 * namespace works) and dayjs's locale are ready before it renders. Use it for every screen route.
 */
export function screen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.all([load(), prepareScreen()]).then(([module]) => module));
}

/** A contract route that renders a screen; its title comes from APP_ROUTES. */
function page(path: string, Screen: ComponentType, relativePath = path): RouteObject {
  return { path: relativePath, handle: routeHandle(path), element: <Screen /> };
}

/** A contract route that only redirects, to the target the contract names. */
function redirect(path: string): ReactElement {
  return <Navigate to={redirectTarget(path)} replace />;
}

function workbench(program: Program): RouteObject {
  const path = WORKBENCH_BASE_PATH[program];
  return {
    path,
    handle: routeHandle(path),
    element: <WorkbenchLayout program={program} />,
    children: WORKBENCH_TABS.map((tab) =>
      tab === LANDING_TAB
        ? { index: true, element: <SchedulePage /> }
        : {
            path: tab,
            element: tab === 'form' ? <FormPage /> : <WorkbenchTabPage tab={tab} program={program} />,
          },
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/staff', handle: { titleKey: STAFF_TITLE_KEY }, element: <StaffPage /> },
      {
        element: <SiteLayout />,
        children: [
          { path: '/', handle: routeHandle('/'), element: redirect('/') },
          {
            path: '/index',
            handle: routeHandle('/index'),
            children: [
              { index: true, element: redirect('/index') },
              page('/index/firstTerm', HomePage, 'firstTerm'),
              page('/index/diyEb', DiyEbPage, 'diyEb'),
              page('/index/diyNIW', DiyNiwPage, 'diyNIW'),
              page('/index/audit', AuditPage, 'audit'),
              page('/index/translate', TranslatePage, 'translate'),
              page('/index/aboutUs', AboutUsPage, 'aboutUs'),
              page('/index/immigrant', ImmigrantPage, 'immigrant'),
              page('/index/answer', AnswerPage, 'answer'),
            ],
          },
          page('/login', LoginPage),
          page('/estimate', EstimatePage),
          page('/HKestimate', HkEstimatePage),
          page('/payService', PayServicePage),
          page('/payService/sandbox', SandboxCheckoutPage),
          page('/payService/transfer/:orderId', BankTransferPage),
          {
            path: '/personalCenter',
            handle: routeHandle('/personalCenter'),
            // A visitor is redirected by the guard before the screen's code loads.
            element: (
              <RequireLogin>
                <PersonalCenterLayout />
              </RequireLogin>
            ),
            children: [
              { index: true, element: redirect('/personalCenter') },
              page('/personalCenter/personMessage', PersonMessagePage, 'personMessage'),
              page('/personalCenter/messageRemind', MessageRemindPage, 'messageRemind'),
              page('/personalCenter/myPlan', MyPlanPage, 'myPlan'),
              page('/personalCenter/purchaseRecord', PurchaseRecordPage, 'purchaseRecord'),
            ],
          },
          workbench('eb1a'),
          workbench('niw'),
          page('/guidance', GuidancePage),
          page('/previewToPdf', PreviewToPdfPage),
          page('/viewPreview', ViewPreviewPage),
          page('/onePagePreview', OnePagePreviewPage),
          page('/privacyFile', PrivacyFilePage),
          page('/termsOfService', TermsOfServicePage),
          page('/promotion', PromotionPage),
          { path: '*', handle: { titleKey: NOT_FOUND_TITLE_KEY }, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
