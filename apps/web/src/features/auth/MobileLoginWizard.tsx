import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ArrowLeft } from 'lucide-react';
import { messages, mobileSchema, otpSchema } from '@bazaar/shared';
import { useAppSelector } from '../../app/hooks';
import { useCompleteProfileMutation, useSendOtpMutation, useVerifyOtpMutation } from '../../api/authApi';
import { Field } from '../../components/ui/Field';
import { EmailField, SubmitButton } from './AuthCard';

export type WizardStep = 'mobile' | 'otp' | 'profile';

export const STEP_TITLES: Record<WizardStep, string> = {
  mobile: 'Login / Register',
  otp: 'Enter OTP',
  profile: 'Complete Your Profile',
};

const RESEND_COOLDOWN_SECONDS = 30;

/** A ref callback that focuses its element once it is in the page (React 19 would call a returned value as cleanup). */
const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};
const STEPS: WizardStep[] = ['mobile', 'otp', 'profile'];
const STEP_LABELS: Record<WizardStep, string> = { mobile: 'Mobile', otp: 'OTP', profile: 'Profile' };

/** Seconds left until `until` (a timestamp), ticking once a second while positive. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Spec §4: step 1 (mobile) → step 2 (OTP) → step 3 (profile, only for a new customer). Signing in happens in the
 * store; the login page notices the new session and sends the customer on.
 */
export function MobileLoginWizard({
  step,
  onStepChange,
}: {
  step: WizardStep;
  onStepChange: (step: WizardStep) => void;
}) {
  const busy = useAppSelector((state) => state.auth.loader);
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [signupToken, setSignupToken] = useState('');
  const [resendAt, setResendAt] = useState(0);
  const resendIn = useCountdown(resendAt);
  const [sendOtp] = useSendOtpMutation();
  const [verifyOtp] = useVerifyOtpMutation();
  const [completeProfile] = useCompleteProfileMutation();

  const requestOtp = async () => {
    const result = await sendOtp({ mobile });
    if (result.data) {
      setOtp('');
      setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
      onStepChange('otp');
    }
  };

  const onMobileSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!mobileSchema.safeParse(mobile).success)
      return void toast.error(messages.mobile, { id: 'login-validation' });
    void requestOtp();
  };

  const onOtpSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!otpSchema.safeParse(otp).success) return void toast.error(messages.otp, { id: 'login-validation' });
    const { data } = await verifyOtp({ mobile, otp });
    if (data?.isNewUser) {
      setSignupToken(data.signupToken);
      onStepChange('profile');
    }
  };

  const onProfileSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim()) return void toast.error(messages.profile, { id: 'login-validation' });
    void completeProfile({ phonenumber: mobile, name, email, signupToken });
  };

  const changeMobile = () => {
    setOtp('');
    onStepChange('mobile');
  };

  return (
    <div>
      <ol className="mb-6 flex items-center gap-2 text-xs font-medium" aria-label="Login steps">
        {STEPS.map((item, index) => {
          const reached = STEPS.indexOf(step) >= index;
          return (
            <li
              key={item}
              className="flex flex-1 flex-col gap-1.5"
              aria-current={item === step ? 'step' : undefined}
            >
              <span className={`h-1 rounded-pill ${reached ? 'bg-brand-600' : 'bg-line'}`} />
              <span className={reached ? 'text-ink-900' : 'text-ink-300'}>
                {index + 1}. {STEP_LABELS[item]}
              </span>
            </li>
          );
        })}
      </ol>

      {step === 'mobile' && (
        <form onSubmit={onMobileSubmit} noValidate className="space-y-5">
          <Field id="login-mobile" label="Mobile number">
            <div className="flex rounded-lg border border-line focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100">
              <span className="flex items-center border-r border-line px-3 text-sm font-medium text-ink-700">
                +91
              </span>
              <input
                id="login-mobile"
                name="mobile"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                placeholder="10-digit mobile number"
                className="w-full rounded-r-lg bg-white px-3 py-2.5 text-sm text-ink-900 placeholder:text-ink-300 focus:outline-none"
                value={mobile}
                onChange={(event) => setMobile(event.target.value.replace(/\D/g, '').slice(0, 10))}
              />
            </div>
          </Field>
          <p className="text-xs text-ink-500">
            We will text you a 4-digit OTP to sign in or create your account.
          </p>
          <SubmitButton busy={busy}>Send OTP</SubmitButton>
        </form>
      )}

      {step === 'otp' && (
        <form onSubmit={onOtpSubmit} noValidate className="space-y-5">
          <p className="text-sm text-ink-700">
            Sent to <span className="font-semibold text-ink-900">+91 {mobile}</span>
          </p>
          <Field id="login-otp" label="4-digit OTP">
            <input
              id="login-otp"
              name="otp"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              placeholder="••••"
              className="input text-center font-display text-2xl tracking-[0.75em]"
              value={otp}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 4))}
              // The shopper has just asked for the code: the field they type it into takes the focus as it appears.
              ref={focusOnMount}
            />
          </Field>
          <SubmitButton busy={busy}>Verify OTP</SubmitButton>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <button
              type="button"
              onClick={changeMobile}
              className="inline-flex items-center gap-1 font-medium text-ink-700 hover:text-brand-600"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Change Mobile Number
            </button>
            <button
              type="button"
              onClick={() => void requestOtp()}
              disabled={resendIn > 0 || busy}
              className="font-semibold text-brand-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-ink-300"
            >
              {resendIn > 0 ? `Resend OTP in ${resendIn}s` : 'Resend OTP'}
            </button>
          </div>
        </form>
      )}

      {step === 'profile' && (
        <form onSubmit={onProfileSubmit} noValidate className="space-y-5">
          <p className="text-sm text-ink-700">
            +91 {mobile} is verified. Tell us your name and email to finish.
          </p>
          <Field id="profile-name" label="Full name">
            <input
              id="profile-name"
              name="name"
              className="input"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <EmailField id="profile-email" value={email} onChange={setEmail} />
          <SubmitButton busy={busy}>Continue</SubmitButton>
        </form>
      )}
    </div>
  );
}
