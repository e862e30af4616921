import { createRoot } from 'react-dom/client';
import { CustomerApp } from './customer-app';
import './customer.css';

// The end customer's page (issue 47): its own small entry, no antd, no router, no query library —
// a phone on a slow network loads React and this page only (decision 267).

const token = decodeURIComponent(location.hash.replace(/^#/, ''));
createRoot(document.getElementById('root')!).render(<CustomerApp token={token} />);
