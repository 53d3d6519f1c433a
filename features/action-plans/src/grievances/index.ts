export { GrievanceRegisterScreen } from './grievance-register-screen';
export type { GrievanceRegisterScreenProps } from './grievance-register-screen';
export { RecordGrievanceScreen } from './record-grievance-screen';
export type { RecordGrievanceScreenProps } from './record-grievance-screen';
export { GrievanceScreen } from './grievance-screen';
export type { GrievanceScreenProps } from './grievance-screen';
export { GrievanceSettingsScreen, GrievanceTargetsLine } from './grievance-settings-screen';
export type { GrievanceSettingsScreenProps } from './grievance-settings-screen';
