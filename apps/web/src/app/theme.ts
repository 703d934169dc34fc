import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f4fa3',
    colorLink: '#1f4fa3',
    colorInfo: '#1f4fa3',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 2rem', bodyBg: '#f5f7fb', footerBg: '#0f1f3d' },
    // Narrower items keep all six entries on one line in English at 1280 px instead of folding into "…".
    Menu: { itemBg: 'transparent', itemPaddingInline: 14, itemSelectedBg: '#e8f0ff' },
  },
};
