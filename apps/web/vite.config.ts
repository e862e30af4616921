import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_SIGN_KEY } from '../../packages/domain/src/signature.ts';

const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://127.0.0.1:8080';

// The framework every screen needs gets its own long-lived chunk (a release that only touches our
// screens keeps it cached). antd is left to automatic splitting on purpose: grouping it would pull the
// components only lazy screens use (Table, DatePicker, Cascader, Upload…) into the first load. Only
// what app/provider.tsx mounts around every screen after sign-in (ConfigProvider, App with message,
// modal and notification, Button, Spin, Layout, cssinjs and the theme) is one chunk, `antd-base`: since
// no sign-in screen loads it (decision 183), automatic splitting cut it into ~30 small chunks and the
// signed-in screens' first load grew ~13 KB gzip.
const VENDOR_GROUPS: Array<{ name: string; test: RegExp; priority: number }> = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  // The router on its own: the customer's page (its own entry, no router) shares the react chunk only.
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 29 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  {
    name: 'antd-base',
    test: /[\\/]node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@rc-component[\\/](util|motion|resize-observer|portal|dialog|notification|context)|antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|message|notification|modal|button|spin|skeleton|layout|space|grid|watermark|locale-provider|version)[\\/])/,
    priority: 10,
  },
];

// The end customer's page (src/customer, its own entry customer.html; issue 47, decision 267) renders
// with Preact through preact/compat: the same components and hooks in ~5 KB instead of React DOM's
// ~60 KB gzip, for a phone on a slow network. Only imports made from src/customer are redirected; the
// portal keeps React.
const CUSTOMER_DIR = fileURLToPath(new URL('./src/customer/', import.meta.url));
const TO_PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};
const customerOnPreact: Plugin = {
  name: 'customer-page-on-preact',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const target = TO_PREACT[source];
    if (!target || !importer || !importer.startsWith(CUSTOMER_DIR)) return null;
    return this.resolve(target, importer, { ...options, skipSelf: true });
  },
};

export default defineConfig({
  plugins: [customerOnPreact, react()],
  define: {
    __SIGN_KEY__: JSON.stringify(process.env.SIGN_KEY || DEFAULT_SIGN_KEY),
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/files': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The end customer's order page is its own small entry (issue 47, decision 267): /c serves customer.html.
      input: { main: 'index.html', customer: 'customer.html' },
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
