import type { ThemeConfig } from 'antd';

/** #1b5fd1 with white text has a contrast ratio of 5.9:1 (WCAG AA needs 4.5:1); antd's default blue fails. */
export const BRAND_PRIMARY = '#1b5fd1';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorInfo: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f3f5f9', footerBg: '#1f2937' },
  },
};
