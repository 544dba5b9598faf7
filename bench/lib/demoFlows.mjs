// The traced services of the polyglot demos bench/serviceSpans.mjs sends spans for: each
// service's folder (its `trace_ingestion.service_map` entry) and the flows its
// instrumentation reports, with the handler each server span must land on (the end of
// its qualified name).

/** GoogleCloudPlatform/microservices-demo (and forks keeping its layout). */
const MICROSERVICES_DEMO = {
  repoUrl: 'demo/microservices-demo',
  services: {
    frontend: 'src/frontend', cartservice: 'src/cartservice', checkoutservice: 'src/checkoutservice',
    productcatalogservice: 'src/productcatalogservice', currencyservice: 'src/currencyservice', paymentservice: 'src/paymentservice',
    shippingservice: 'src/shippingservice', emailservice: 'src/emailservice', recommendationservice: 'src/recommendationservice',
    adservice: 'src/adservice',
  },
  flows: [
    { http: { service: 'frontend', method: 'GET', route: '/cart' }, handler: 'frontendServer.viewCartHandler' },
    { http: { service: 'frontend', method: 'POST', route: '/cart/checkout' }, handler: 'frontendServer.placeOrderHandler' },
    { rpc: { client: 'frontend', server: 'cartservice', service: 'hipstershop.CartService', method: 'GetCart' }, handler: 'cartservice.services.CartService.GetCart' },
    { rpc: { client: 'checkoutservice', server: 'paymentservice', service: 'hipstershop.PaymentService', method: 'Charge' }, handler: 'HipsterShopServer.ChargeServiceHandler' },
    { rpc: { client: 'frontend', server: 'checkoutservice', service: 'hipstershop.CheckoutService', method: 'PlaceOrder' }, handler: 'checkoutService.PlaceOrder' },
    { rpc: { client: 'frontend', server: 'productcatalogservice', service: 'hipstershop.ProductCatalogService', method: 'ListProducts' }, handler: 'productCatalog.ListProducts' },
    { rpc: { client: 'frontend', server: 'currencyservice', service: 'hipstershop.CurrencyService', method: 'Convert' }, handler: 'server.convert' },
    { rpc: { client: 'checkoutservice', server: 'emailservice', service: 'hipstershop.EmailService', method: 'SendOrderConfirmation' }, handler: 'DummyEmailService.SendOrderConfirmation' },
    { rpc: { client: 'frontend', server: 'recommendationservice', service: 'hipstershop.RecommendationService', method: 'ListRecommendations' }, handler: 'RecommendationService.ListRecommendations' },
    { rpc: { client: 'frontend', server: 'adservice', service: 'hipstershop.AdService', method: 'GetAds' }, handler: 'AdServiceImpl.getAds' },
  ],
};

/** open-telemetry/opentelemetry-demo: its services in the languages the graph reads. */
const OPENTELEMETRY_DEMO = {
  repoUrl: 'demo/opentelemetry-demo',
  services: {
    frontend: 'src/frontend', cart: 'src/cart', checkout: 'src/checkout', 'product-catalog': 'src/product-catalog',
    payment: 'src/payment', recommendation: 'src/recommendation', ad: 'src/ad', shipping: 'src/shipping',
  },
  flows: [
    { http: { service: 'frontend', method: 'GET', route: '/api/products' }, handler: 'pages/api/products/index.handler' },
    { http: { service: 'frontend', method: 'POST', route: '/api/cart' }, handler: 'pages/api/cart.handler' },
    { http: { service: 'shipping', method: 'POST', route: '/get-quote' }, handler: 'shipping_service.get_quote' },
    { rpc: { client: 'frontend', server: 'cart', service: 'oteldemo.CartService', method: 'GetCart' }, handler: 'cart.services.CartService.GetCart' },
    { rpc: { client: 'frontend', server: 'checkout', service: 'oteldemo.CheckoutService', method: 'PlaceOrder' }, handler: 'checkout.PlaceOrder' },
    { rpc: { client: 'checkout', server: 'payment', service: 'oteldemo.PaymentService', method: 'Charge' }, handler: 'index.chargeServiceHandler' },
    { rpc: { client: 'frontend', server: 'product-catalog', service: 'oteldemo.ProductCatalogService', method: 'ListProducts' }, handler: 'productCatalog.ListProducts' },
    { rpc: { client: 'frontend', server: 'recommendation', service: 'oteldemo.RecommendationService', method: 'ListRecommendations' }, handler: 'RecommendationService.ListRecommendations' },
    { rpc: { client: 'frontend', server: 'ad', service: 'oteldemo.AdService', method: 'GetAds' }, handler: 'AdServiceImpl.getAds' },
  ],
};

/** The demos by `--demo` name. */
export const DEMOS = { 'microservices-demo': MICROSERVICES_DEMO, 'opentelemetry-demo': OPENTELEMETRY_DEMO };
