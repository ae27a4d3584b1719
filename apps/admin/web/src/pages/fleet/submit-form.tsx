/**
 * The operator's submit form: pick a workflow, fill the inputs generated from its input JSON
 * Schema (or a JSON textarea where the schema is beyond a form), optionally a tenant and an
 * idempotency key, and submit; the answer links to the run.
 *
 * @packageDocumentation
 */

import { type FormEvent, useId, useMemo, useState } from "react";
import type { SubmittableWorkflow } from "../../../../src/api/contract.ts";
import { ApiFailure } from "../../api/client.ts";
import { api } from "../../api/endpoints.ts";
import { ErrorBanner } from "../../components/common.tsx";
import { runPath } from "../../lib/routes.ts";
import {
  buildInput,
  describeForm,
  type FormField,
  initialValues,
  optionKey,
} from "../../lib/schema-form.ts";
import { escapeControls } from "../../lib/untrusted-segments.ts";
import { UntrustedText } from "../../lib/untrusted-text.tsx";
import { Link } from "../../router.tsx";

type Values = Record<string, string | boolean>;

function FieldInput({
  id,
  field,
  value,
  onChange,
}: {
  readonly id: string;
  readonly field: FormField;
  readonly value: string | boolean;
  readonly onChange: (value: string | boolean) => void;
}) {
  const testId = `submit-field-${field.name}`;
  const text = typeof value === "string" ? value : "";
  if (field.kind === "boolean" && field.required) {
    return (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
    );
  }
  if (field.kind === "boolean" || field.kind === "enum") {
    const options = field.kind === "boolean" ? [true, false] : field.options;
    return (
      <select
        id={id}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {field.required ? (
          <option value="" disabled>
            choose…
          </option>
        ) : (
          <option value="">(unset)</option>
        )}
        {options.map((option) => (
          <option key={optionKey(option)} value={optionKey(option)}>
            {escapeControls(typeof option === "string" ? option : optionKey(option))}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "array" || field.kind === "json") {
    return (
      <textarea
        id={id}
        className="mono"
        rows={field.kind === "json" ? 4 : 3}
        value={text}
        placeholder={field.kind === "array" ? `one ${field.items} per line` : "JSON"}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        data-testid={testId}
      />
    );
  }
  return (
    <input
      id={id}
      type={field.kind === "string" ? "text" : "number"}
      step={field.kind === "integer" ? 1 : "any"}
      value={text}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}

/**
 * The submit form for the fleet's submittable workflows.
 *
 * @example <SubmitForm workflows={fleet.workflows} onSubmitted={reload} />
 */
export function SubmitForm({
  workflows,
  onSubmitted,
}: {
  readonly workflows: readonly SubmittableWorkflow[];
  readonly onSubmitted: () => void;
}) {
  const [name, setName] = useState(workflows[0]?.name ?? "");
  const workflow = workflows.find((w) => w.name === name);
  const model = useMemo(() => describeForm(workflow?.inputSchema), [workflow]);
  const [values, setValues] = useState<Values>(() =>
    initialValues(model, workflow?.inputSchema, workflow?.exampleInput),
  );
  const [tenant, setTenant] = useState("");
  const [key, setKey] = useState("");
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idPrefix = useId();

  const choose = (next: string): void => {
    const chosen = workflows.find((w) => w.name === next);
    setName(next);
    setValues(
      initialValues(describeForm(chosen?.inputSchema), chosen?.inputSchema, chosen?.exampleInput),
    );
    setProblem(null);
    setError(undefined);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setError(undefined);
    setSubmitted(null);
    const built = buildInput(model, values);
    if (!built.ok) {
      setProblem({ field: built.field, message: built.message });
      return;
    }
    setProblem(null);
    setBusy(true);
    api
      .submit({
        workflow: name,
        input: built.input,
        tenant: tenant || undefined,
        key: key || undefined,
      })
      .then(
        (answer) => {
          setSubmitted(answer.id);
          onSubmitted();
        },
        (failure: unknown) => {
          setError(failure);
          if (failure instanceof ApiFailure && failure.field) {
            setProblem({ field: failure.field.replace(/^input\./, ""), message: failure.message });
          }
        },
      )
      .finally(() => setBusy(false));
  };

  if (workflows.length === 0)
    return <p className="muted">No workflow is registered for submitting.</p>;
  const fieldClass = (fieldName: string): string =>
    problem?.field === fieldName ? "field wide has-problem" : "field wide";
  return (
    <form className="submit-form" onSubmit={handleSubmit} data-testid="submit-form">
      <label className="field wide">
        <span>Workflow</span>
        <select
          value={name}
          onChange={(event) => choose(event.target.value)}
          data-testid="submit-workflow"
        >
          {workflows.map((w) => (
            <option key={w.name} value={w.name}>
              {escapeControls(w.name)}
            </option>
          ))}
        </select>
      </label>
      {workflow?.description ? (
        <p className="muted small">
          <UntrustedText text={workflow.description} />
        </p>
      ) : null}
      {model.kind === "json" ? (
        <label className={fieldClass("input")}>
          <span>
            Input (JSON) <span className="required">*</span>
          </span>
          <textarea
            className="mono"
            rows={6}
            value={String(values.$input ?? "")}
            onChange={(event) => setValues({ $input: event.target.value })}
            spellCheck={false}
            data-testid="submit-field-input"
          />
        </label>
      ) : (
        model.fields.map((field, index) => (
          <div
            key={`${name}.${field.name}`}
            className={fieldClass(field.name)}
            data-required={field.required}
          >
            <label htmlFor={`${idPrefix}-${index}`} className="field-label">
              <UntrustedText text={field.title} links={false} />
              {field.required ? (
                <span className="required" title="required">
                  {" "}
                  *
                </span>
              ) : null}
              <span className="subtle small">
                {" "}
                {field.kind === "array" ? `${field.items}[]` : field.kind}
              </span>
            </label>
            <FieldInput
              id={`${idPrefix}-${index}`}
              field={field}
              value={values[field.name] ?? ""}
              onChange={(value) => setValues({ ...values, [field.name]: value })}
            />
            {field.description ? (
              <span className="hint">
                <UntrustedText text={field.description} />
              </span>
            ) : null}
          </div>
        ))
      )}
      <div className="field-pair">
        <label className="field">
          <span>Tenant (optional)</span>
          <input
            type="text"
            value={tenant}
            onChange={(event) => setTenant(event.target.value)}
            data-testid="submit-tenant"
          />
        </label>
        <label className="field">
          <span>Idempotency key (optional)</span>
          <input
            type="text"
            value={key}
            onChange={(event) => setKey(event.target.value)}
            data-testid="submit-key"
          />
        </label>
      </div>
      {problem && error === undefined ? (
        <div className="error-banner" role="alert" data-testid="submit-problem">
          <UntrustedText text={problem.message} links={false} /> (field:{" "}
          <code>{problem.field}</code>)
        </div>
      ) : null}
      <ErrorBanner error={error} />
      <div className="form-actions">
        <button
          type="submit"
          className="button-primary"
          disabled={busy || !workflow}
          data-testid="submit-button"
        >
          {busy ? "Submitting…" : "Submit"}
        </button>
        {submitted !== null ? (
          <span data-testid="submit-result">
            Queued as{" "}
            <Link href={runPath(submitted)} className="mono" data-testid="submit-run-link">
              <UntrustedText text={submitted} links={false} />
            </Link>
          </span>
        ) : null}
      </div>
    </form>
  );
}
