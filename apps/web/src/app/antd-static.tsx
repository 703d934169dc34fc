import { ConfigProvider } from 'antd';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import notification from 'antd/es/notification';
import { AntdTheme } from './antd-theme.tsx';

// Static holders render outside the React tree: give them the app's theme and locale.
ConfigProvider.config({ holderRender: (children) => <AntdTheme>{children}</AntdTheme> });

export { Modal, message, notification };
