import { FailureArt } from './Illustrations';
import { MyOrdersAndHelp, ResultCard } from './PaymentParts';

/** /payment/failure, with the spec's text as written. */
export default function PaymentFailurePage() {
  return (
    <ResultCard
      art={<FailureArt />}
      title="Payment Failed"
      actions={<MyOrdersAndHelp helpLabel="Need help ?" />}
    >
      <p>
        The payment was unsuccessful due to session Timemout. Please try again later or use another payment
        method.
      </p>
    </ResultCard>
  );
}
