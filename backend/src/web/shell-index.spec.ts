import { withInlineRuntimeConfig } from './shell-index';

describe('withInlineRuntimeConfig', () => {
  const config = {
    appName: 'Kasa</script><script>alert(1)</script>',
    assistantName: 'Kasa',
    remotes: { chat: '/c', studio: '/s', billing: '/b', account: '/a' },
    payments: {
      card: 'sandbox' as const,
      mobileMoney: 'sandbox' as const,
      mobileMoneyCountryCode: '237',
      mobileMoneyNetworks: ['MTN' as const, 'ORANGE' as const],
    },
    features: { cloudStorage: false },
    support: { email: 'help@kasa.example' },
  };

  it('puts a JSON data block before </head> that no value can break out of', () => {
    const html = withInlineRuntimeConfig('<html><head><title>K</title></head><body></body></html>', config);
    expect(html).toMatch(/<script id="kasa-runtime-config" type="application\/json">.*<\/script><\/head>/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /application\/json">(.*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(json)).toEqual(config);
  });
});
