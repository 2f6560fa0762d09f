// One import followed while it runs: polled every second and updated by the socket's
// `import` events, the newest of both kept (progress.ts). When it has finished, the project's
// tables, its import list and the filled tables' records are read again.
import { useEffect, useRef, useState } from "react";
import { useAppDispatch } from "../../app/hooks";
import { importFinishedTags, importsApi } from "./api";
import { onImportEvent } from "./importEvents";
import { mergeJob } from "./progress";
import { isFinished, type ImportJob } from "./types";

export const POLL_MS = 1000;

export interface FollowedImport {
  job: ImportJob | null;
  /** A newer state of this import (or another import to follow). */
  take(job: ImportJob): void;
  /** Follow nothing. */
  reset(): void;
}

export function useImportJob(initial: ImportJob | null): FollowedImport {
  const dispatch = useAppDispatch();
  const [job, setJob] = useState<ImportJob | null>(initial);
  const id = job?.id ?? null;
  const running = job?.status === "running";
  const take = (incoming: ImportJob) => setJob((current) => mergeJob(current, incoming));

  useEffect(() => onImportEvent((incoming) => setJob((current) => (current?.id === incoming.id ? mergeJob(current, incoming) : current))), []);

  useEffect(() => {
    if (!id || !running) return;
    let stopped = false;
    const poll = async () => {
      const result = await dispatch(importsApi.endpoints.importJob.initiate(id, { forceRefetch: true, subscribe: false }));
      if (!stopped && result.data) take(result.data);
    };
    const timer = setInterval(poll, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, running, dispatch]);

  // Read the project again once, when the import has finished.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!job || !isFinished(job) || announced.current === job.id) return;
    announced.current = job.id;
    dispatch(importsApi.util.invalidateTags(importFinishedTags(job)));
  }, [job, dispatch]);

  // A new initial job (the wizard opened on another import) replaces the state.
  const initialId = initial?.id ?? null;
  useEffect(() => {
    setJob(initial);
  }, [initialId]); // eslint-disable-line react-hooks/exhaustive-deps

  return { job, take, reset: () => setJob(null) };
}
