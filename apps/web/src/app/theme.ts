import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f4fa3',
    colorLink: '#1f4fa3',
    colorInfo: '#1f4fa3',
    // Hovered links and buttons darken instead of antd's lighter step (about 4:1 on white from #1f4fa3): a link
    // under the pointer — or under the finger that just tapped the button there — stays readable (10:1).
    colorLinkHover: '#173f86',
    colorPrimaryHover: '#173f86',
    borderRadius: 8,
    // WCAG AA contrast (axe in every journey, decision 0017): antd's defaults for secondary text (45 % black),
    // placeholders (25 %) and the error red (#ff4d4f) are below 4.5:1 on white.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
    // Warning and success text (Typography type="warning" / "success") derive from the yellow #faad14 and the
    // green #52c41a, both about 2:1 on white: antd's darker gold-8 and green-8 steps instead.
    colorWarningText: '#874d00',
    colorSuccessText: '#237804',
    // One heading scale for every screen: the page title (h1) is always larger than the sections under it.
    fontSizeHeading1: 32,
    fontSizeHeading2: 24,
    fontSizeHeading3: 20,
    fontSizeHeading4: 17,
    fontSizeHeading5: 15,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 2rem', bodyBg: '#f5f7fb', footerBg: '#0f1f3d' },
    // Narrower items keep all six entries on one line in English at 1280 px instead of folding into "…".
    Menu: { itemBg: 'transparent', itemPaddingInline: 14, itemSelectedBg: '#e8f0ff' },
  },
};
