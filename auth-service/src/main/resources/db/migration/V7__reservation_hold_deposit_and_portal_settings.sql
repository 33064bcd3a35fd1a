-- Three operator settings commerce-service applies (it keeps them from the operator.* events): how long a
-- reservation made without held_until holds its unit, the refundable deposit asked with online orders and bookings
-- (minor units of the operator's default_currency; null for none), and the page a customer returns to after paying
-- an order made without return_url (null for none). Existing operators get the defaults.
ALTER TABLE operators
    ADD COLUMN reservation_hold_days    integer NOT NULL DEFAULT 7 CHECK (reservation_hold_days BETWEEN 1 AND 90),
    ADD COLUMN refundable_deposit_minor bigint  CHECK (refundable_deposit_minor BETWEEN 0 AND 10000000),
    ADD COLUMN customer_portal_url      text    CHECK (char_length(customer_portal_url) BETWEEN 1 AND 2048
                                                       AND customer_portal_url ~* '^https://');
