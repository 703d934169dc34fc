/**
 * The workbench as one lazy chunk (issue 11): the layout and every tab are loaded together by /EB-1A and /NIW,
 * so moving between tabs loads nothing more, and the chunk's size is one figure to watch.
 */
export { FormTab as FormPage } from '../../features/workbench/forms/form-tab.tsx';
export { ScheduleScreen as SchedulePage } from '../../features/workbench/schedule/schedule-screen.tsx';
export { default } from './workbench-layout.tsx';
export { default as WorkbenchTabPage } from './workbench-tab-page.tsx';
