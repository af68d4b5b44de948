import { useEffect } from 'react';

/**
 * Puts a posting's schema.org JSON-LD in the document head while its page is open, as crawlers and
 * job search engines read it. The server serialised it with `<` escaped, so it cannot end the script.
 * A page loaded at a posting's address already has the server's copy: it is replaced, not doubled.
 */
export function JsonLd({ json }: { json: string }) {
  useEffect(() => {
    for (const old of document.head.querySelectorAll('script[data-nexus="job-posting"]')) old.remove();
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.nexus = 'job-posting';
    script.text = json;
    document.head.appendChild(script);
    return () => script.remove();
  }, [json]);
  return null;
}
