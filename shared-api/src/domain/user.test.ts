import { USER_TYPE_AREA_PATHS, dashboardTitle, signInUrl, toUserType } from './user';

describe('sign-in and areas', () => {
  it.each([
    ['client', '/api/v1/auth/client/verity'],
    ['auditor', '/api/v1/auth/auditor/verity'],
    ['targetCompany', '/api/v1/auth/target-company/verity'],
  ] as const)('signInUrl(%s) is %s', (userType, url) => {
    expect(signInUrl(userType)).toBe(url);
  });

  it('sends each user type to its own area', () => {
    expect(USER_TYPE_AREA_PATHS).toEqual({
      client: '/client',
      auditor: '/auditor',
      targetCompany: '/target-company',
    });
  });

  it('titles the header with the user type label', () => {
    expect(dashboardTitle('client')).toBe('Client Dashboard');
    expect(dashboardTitle('auditor')).toBe('Auditor Dashboard');
    expect(dashboardTitle('targetCompany')).toBe('Target Company Dashboard');
  });

  it('reads a user type from its name or its sign-in segment', () => {
    expect(toUserType('targetCompany')).toBe('targetCompany');
    expect(toUserType('target-company')).toBe('targetCompany');
    expect(toUserType('admin')).toBeUndefined();
  });
});
