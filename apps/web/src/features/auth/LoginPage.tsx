import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Mail, Smartphone } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { AuthCard } from './AuthCard';
import { EmailLoginForm } from './EmailLoginForm';
import { MobileLoginWizard, STEP_TITLES, type WizardStep } from './MobileLoginWizard';
import { useAuthMessages } from './useAuthMessages';
import { useReturnPath } from './useReturnPath';

const switchClass = 'inline-flex items-center gap-1.5 font-semibold text-brand-600 hover:text-brand-700';

export default function LoginPage() {
  useAuthMessages();
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const returnPath = useReturnPath();
  const location = useLocation();
  const [mode, setMode] = useState<'mobile' | 'email'>('mobile');
  const [step, setStep] = useState<WizardStep>('mobile');
  const sessionEnded = useAppSelector((state) => state.auth.sessionEnded);

  // Every way of signing in ends by setting the session; this sends the customer on.
  if (userInfo) return <Navigate to={returnPath} replace />;

  const usingMobile = mode === 'mobile';
  return (
    <AuthCard
      title={usingMobile ? STEP_TITLES[step] : 'Login with Email'}
      subtitle={
        usingMobile && step === 'mobile'
          ? 'Use your mobile number to sign in or create an account.'
          : undefined
      }
    >
      {sessionEnded && (
        <p
          role="alert"
          className="mb-5 rounded-lg border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-ink-900"
        >
          Your session has ended (you signed out or changed your password elsewhere, or it expired). Please
          log in again to carry on where you were.
        </p>
      )}
      {usingMobile ? <MobileLoginWizard step={step} onStepChange={setStep} /> : <EmailLoginForm />}
      <div className="mt-6 space-y-3 border-t border-line pt-5 text-sm text-ink-700">
        {usingMobile ? (
          step === 'mobile' && (
            <button type="button" className={switchClass} onClick={() => setMode('email')}>
              <Mail className="h-4 w-4" aria-hidden="true" /> Login with email
            </button>
          )
        ) : (
          <button type="button" className={switchClass} onClick={() => setMode('mobile')}>
            <Smartphone className="h-4 w-4" aria-hidden="true" /> Login with mobile OTP
          </button>
        )}
        <p>
          New to Bazaar?{' '}
          <Link
            to="/register"
            state={location.state}
            className="font-semibold text-brand-600 hover:text-brand-700"
          >
            Create an account
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
