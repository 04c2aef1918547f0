import { Link } from 'react-router-dom';
import { FailureArt } from './Illustrations';
import { MyOrdersButton, ResultCard } from './PaymentParts';

/** /payment/failure, with the spec's text as written. */
export default function PaymentFailurePage() {
  return (
    <ResultCard
      art={<FailureArt />}
      title="Payment Failed"
      actions={
        <>
          <MyOrdersButton />
          <Link to="/help" className="btn-outline w-full sm:w-auto">
            Need help ?
          </Link>
        </>
      }
    >
      <p>The payment was unsuccessful due to session Timemout. Please try again later or use another payment method.</p>
    </ResultCard>
  );
}
