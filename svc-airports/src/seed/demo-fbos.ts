/**
 * Demo FBOs seeded in development only (clearly marked: "Demo FBO" names, example.com e-mails). The e-mail names a
 * demo FBO: one added here later is created on an existing development database at the next start.
 */
export const DEMO_FBOS: { airport: string; name: string; email: string; phone: string }[] = [
  {
    airport: 'KSEA',
    name: 'Demo FBO Seattle Jet Center',
    email: 'demo-fbo-ksea-1@example.com',
    phone: '+1 206 555 0101',
  },
  {
    airport: 'KSEA',
    name: 'Demo FBO Emerald Aviation',
    email: 'demo-fbo-ksea-2@example.com',
    phone: '+1 206 555 0102',
  },
  {
    airport: 'KSEA',
    name: 'Demo FBO Rainier Ramp Services',
    email: 'demo-fbo-ksea-3@example.com',
    phone: '+1 206 555 0103',
  },
  {
    airport: 'KLAX',
    name: 'Demo FBO Pacific Ramp Services',
    email: 'demo-fbo-klax-1@example.com',
    phone: '+1 310 555 0101',
  },
  {
    airport: 'KLAX',
    name: 'Demo FBO Westside Jet Center',
    email: 'demo-fbo-klax-2@example.com',
    phone: '+1 310 555 0102',
  },
  {
    airport: 'KLAX',
    name: 'Demo FBO Harbor Jet Services',
    email: 'demo-fbo-klax-3@example.com',
    phone: '+1 310 555 0103',
  },
  {
    airport: 'KJFK',
    name: 'Demo FBO Gateway Aviation',
    email: 'demo-fbo-kjfk-1@example.com',
    phone: '+1 718 555 0101',
  },
  {
    airport: 'KORD',
    name: 'Demo FBO Lakeshore Jet Center',
    email: 'demo-fbo-kord-1@example.com',
    phone: '+1 773 555 0101',
  },
  {
    airport: 'KATL',
    name: 'Demo FBO Peachtree Aviation',
    email: 'demo-fbo-katl-1@example.com',
    phone: '+1 404 555 0101',
  },
  {
    airport: 'KDEN',
    name: 'Demo FBO Front Range Jet Center',
    email: 'demo-fbo-kden-1@example.com',
    phone: '+1 303 555 0101',
  },
  {
    airport: 'KLAS',
    name: 'Demo FBO Desert Sky Aviation',
    email: 'demo-fbo-klas-1@example.com',
    phone: '+1 702 555 0101',
  },
  { airport: 'KDFW', name: 'Demo FBO Lone Star Ramp', email: 'demo-fbo-kdfw-1@example.com', phone: '+1 972 555 0101' },
];
