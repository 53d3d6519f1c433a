export { LoginScreen } from './login-screen';
