import { useEffect } from 'react';

/**
 * Puts a posting's schema.org JSON-LD in the document head while its page is open, as crawlers and
 * job search engines read it. The server serialised it with `<` escaped, so it cannot end the script.
 */
export function JsonLd({ json }: { json: string }) {
  useEffect(() => {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.nexus = 'job-posting';
    script.text = json;
    document.head.appendChild(script);
    return () => script.remove();
  }, [json]);
  return null;
}
