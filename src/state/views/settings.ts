// The Settings dialog's checks: what it runs on the fields before saving, and the text of a failure.

export { validateProviderSettings } from '../../core/providers/settings-check';
export { resolveProfile } from '../../core/providers/profiles';
export { parseExperimentTools } from '../../core/tools/experiment';
/** The text a failed save or a field's parse error shows. */
export { errorText } from '../../core/text/errors';
