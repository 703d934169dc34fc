import type { ComponentType, ReactElement } from 'react';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireLogin } from '../features/account/require-login.tsx';
import type { Program } from '../features/programs/program-data.ts';
import { SiteLayout } from '../features/shell/site-layout.tsx';
import { LANDING_TAB, WORKBENCH_BASE_PATH, WORKBENCH_TABS } from '../features/workbench/workbench-tabs.ts';
import { RootLayout } from './root-layout.tsx';
import { NOT_FOUND_TITLE_KEY, redirectTarget, routeHandle } from './route-meta.ts';

// One chunk per screen, so a public page never downloads another screen's code.
const HomePage = lazy(() => import('../pages/public/home-page.tsx'));
const DiyEbPage = lazy(() => import('../pages/public/diy-eb-page.tsx'));
const DiyNiwPage = lazy(() => import('../pages/public/diy-niw-page.tsx'));
const AuditPage = lazy(() => import('../pages/public/audit-page.tsx'));
const TranslatePage = lazy(() => import('../pages/public/translate-page.tsx'));
const AboutUsPage = lazy(() => import('../pages/public/about-us-page.tsx'));
const ImmigrantPage = lazy(() => import('../pages/public/immigrant-page.tsx'));
const AnswerPage = lazy(() => import('../pages/public/answer-page.tsx'));
const PrivacyFilePage = lazy(() => import('../pages/public/privacy-file-page.tsx'));
const PromotionPage = lazy(() => import('../pages/public/promotion-page.tsx'));
const LoginPage = lazy(() => import('../pages/auth/login-page.tsx'));
const EstimatePage = lazy(() => import('../pages/assessment/estimate-page.tsx'));
const HkEstimatePage = lazy(() => import('../pages/assessment/hk-estimate-page.tsx'));
const PayServicePage = lazy(() => import('../pages/shop/pay-service-page.tsx'));
const PersonalCenterLayout = lazy(() => import('../pages/personal-center/personal-center-layout.tsx'));
const PersonMessagePage = lazy(() => import('../pages/personal-center/person-message-page.tsx'));
const MessageRemindPage = lazy(() => import('../pages/personal-center/message-remind-page.tsx'));
const MyPlanPage = lazy(() => import('../pages/personal-center/my-plan-page.tsx'));
const PurchaseRecordPage = lazy(() => import('../pages/personal-center/purchase-record-page.tsx'));
const WorkbenchLayout = lazy(() => import('../pages/workbench/workbench-layout.tsx'));
const WorkbenchTabPage = lazy(() => import('../pages/workbench/workbench-tab-page.tsx'));
const GuidancePage = lazy(() => import('../pages/workbench/guidance-page.tsx'));
const PreviewToPdfPage = lazy(() => import('../pages/preview/preview-to-pdf-page.tsx'));
const ViewPreviewPage = lazy(() => import('../pages/preview/view-preview-page.tsx'));
const OnePagePreviewPage = lazy(() => import('../pages/preview/one-page-preview-page.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx'));

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
        ? { index: true, element: <WorkbenchTabPage tab={tab} /> }
        : { path: tab, element: <WorkbenchTabPage tab={tab} /> },
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
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
          {
            path: '/personalCenter',
            handle: routeHandle('/personalCenter'),
            // The guard is in the main chunk, so a visitor is redirected before the screen's code loads.
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
