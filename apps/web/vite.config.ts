import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_SIGN_KEY } from '../../packages/domain/src/signature';

const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://127.0.0.1:8080';

// Big libraries each get a long-lived chunk so the entry stays small and a release that only
// touches our screens does not invalidate the vendor caches.
const VENDOR_GROUPS: Array<{ name: string; test: RegExp; priority: number }> = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'antd-icons', test: /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/, priority: 25 },
  { name: 'antd', test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion)[\\/]/, priority: 20 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 15 },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
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
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
