-- The days of notice a customer is given of a price increase of their plan (billing-service's price increases):
-- an increase takes effect at least this many days after it is scheduled. 28 unless the operator sets another.
ALTER TABLE operators
    ADD COLUMN price_increase_notice_days integer NOT NULL DEFAULT 28
        CHECK (price_increase_notice_days BETWEEN 0 AND 365);
