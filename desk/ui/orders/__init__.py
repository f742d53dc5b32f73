"""The order form, the order table and what feeds them: drafts, findings, the live check."""
