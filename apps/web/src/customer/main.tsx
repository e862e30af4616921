import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from './customer-app';
import './customer.css';

// The end customer's page (issue 47): its own small entry, no antd, no router, no query library —
// a phone on a slow network loads React and this page only (decision 267).

function tokenInAddress(): string {
  try {
    return decodeURIComponent(location.hash.replace(/^#/, ''));
  } catch {
    return ''; // a malformed escape: no link
  }
}

/** The link's token follows the address: a second link opened in the same tab changes only the fragment. */
function CustomerPage() {
  const [token, setToken] = useState(tokenInAddress);
  useEffect(() => {
    const follow = () => setToken(tokenInAddress());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  // Keyed by the token: nothing of the first order stays on the page of the second.
  return <CustomerApp key={token} token={token} />;
}

createRoot(document.getElementById('root')!).render(<CustomerPage />);
