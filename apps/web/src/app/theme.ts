import type { ThemeConfig } from 'antd';

/** #1b5fd1 with white text has a contrast ratio of 5.9:1 (WCAG AA needs 4.5:1); antd's default blue fails. */
export const BRAND_PRIMARY = '#1b5fd1';

// Decision 160: every text colour antd draws passes WCAG AA (4.5:1) on the backgrounds it is drawn on
// (white, the #f3f5f9 page, a tag's light fill). antd's defaults fail: secondary/description text
// rgba(0,0,0,.45) is 3.4:1, the select placeholder 1.8:1, the error red 3.3:1, and the status and
// preset tags (green, orange, gold, cyan, lime) draw palette 7 on palette 1, about 3.3:1. The tags keep
// their hue one or two palette steps darker; only the Tag component gets the darker status colours.
const TAG_TEXT = {
  colorSuccess: '#237804', // green-8, 5.4:1 on #f6ffed
  colorWarning: '#874d00', // gold-9, 6.5:1 on #fffbe6
  green7: '#237804',
  orange7: '#ad4e00', // orange-8, 5.1:1 on #fff7e6
  gold7: '#874d00',
  cyan7: '#006d75', // cyan-8, 5.8:1 on #e6fffb
  lime7: '#3f6600',
  volcano7: '#ad2102',
};

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorInfo: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    // red-7: 5.6:1 on white, 4.8:1 on its own light fill (danger buttons, reject reasons, form errors).
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // Status texts (Typography type="success"/"warning", alerts) on white: antd draws #52c41a (2.3:1).
    colorSuccessText: '#237804',
    colorWarningText: '#874d00',
    // #6b6b6b: 5.3:1 on white, 4.9:1 on the #f3f5f9 page (breadcrumbs, step titles, secondary text).
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    // #707070: 4.9:1 on white (select placeholders are read as text).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f3f5f9', footerBg: '#1f2937' },
    Tag: TAG_TEXT,
  },
};
