-- Accounts: the plan catalogue, each user's plan, seats and billing cycle,
-- scheduled plan migrations, manager invitations, the credit ledger,
-- charges and usage records. Money is in integer cents; times are Unix
-- milliseconds.
CREATE TABLE plans (
    id {{ID}},
    handle TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    monthly_cost_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    included_credits BIGINT NOT NULL,
    seat_price_cents BIGINT NOT NULL,
    credits_per_seat BIGINT NOT NULL
);

INSERT INTO plans (handle, name, description, monthly_cost_cents, currency, included_credits, seat_price_cents, credits_per_seat)
VALUES ('trial', 'Trial', 'Try explorer: a small monthly allowance of credits, no cost.', 0, 'EUR', 500, 0, 0);
INSERT INTO plans (handle, name, description, monthly_cost_cents, currency, included_credits, seat_price_cents, credits_per_seat)
VALUES ('basic', 'Basic', 'For one analyst: 1,000 credits a month.', 4900, 'EUR', 1000, 1900, 200);
INSERT INTO plans (handle, name, description, monthly_cost_cents, currency, included_credits, seat_price_cents, credits_per_seat)
VALUES ('professional', 'Professional', 'For teams: 5,000 credits a month.', 14900, 'EUR', 5000, 2900, 500);
INSERT INTO plans (handle, name, description, monthly_cost_cents, currency, included_credits, seat_price_cents, credits_per_seat)
VALUES ('enterprise', 'Enterprise', 'For organisations: 20,000 credits a month.', 49900, 'EUR', 20000, 3900, 1000);

CREATE TABLE accounts (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    plan_id BIGINT NOT NULL REFERENCES plans(id),
    seats BIGINT NOT NULL,
    anchor_at BIGINT NOT NULL,
    cycle_start_at BIGINT NOT NULL,
    cycle_end_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX accounts_cycle_end ON accounts(cycle_end_at);

CREATE TABLE plan_migrations (
    id {{ID}},
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    from_plan_id BIGINT NOT NULL REFERENCES plans(id),
    to_plan_id BIGINT NOT NULL REFERENCES plans(id),
    effective_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    applied_at BIGINT,
    cancelled_at BIGINT
);
CREATE INDEX plan_migrations_user ON plan_migrations(user_id);
CREATE UNIQUE INDEX plan_migrations_pending ON plan_migrations(user_id) WHERE applied_at IS NULL AND cancelled_at IS NULL;

CREATE TABLE manager_invitations (
    id {{ID}},
    sender_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    recipient_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    answered_at BIGINT
);
CREATE INDEX manager_invitations_sender ON manager_invitations(sender_id, status);
CREATE INDEX manager_invitations_recipient ON manager_invitations(recipient_id, status);
CREATE UNIQUE INDEX manager_invitations_pending ON manager_invitations(sender_id, recipient_id) WHERE status = 'pending';

CREATE TABLE charges (
    id {{ID}},
    account_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX charges_account ON charges(account_id);

CREATE TABLE credit_entries (
    id {{ID}},
    account_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    credits BIGINT NOT NULL,
    description TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX credit_entries_account ON credit_entries(account_id);

CREATE TABLE usage_records (
    id {{ID}},
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    projects BIGINT NOT NULL,
    verbatims BIGINT NOT NULL,
    trialing INTEGER NOT NULL,
    recorded_at BIGINT NOT NULL
);
CREATE INDEX usage_records_user ON usage_records(user_id, recorded_at);
