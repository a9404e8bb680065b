-- Loaded by `npm run bench` with `wrk -s`: once the run ends, prints the figures the bench reads
-- as one JSON line after a marker, so nothing depends on wrk's human-readable layout. It defines
-- no request or response function: wrk then runs no Lua per request and loads at full speed.
-- Latencies are in microseconds; "status" counts answers with a status of 400 or more.
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'wrk-report {"requests":%.0f,"durationUs":%.0f,"bytes":%.0f,"connectErrors":%.0f,"readErrors":%.0f,'
      .. '"writeErrors":%.0f,"statusErrors":%.0f,"timeouts":%.0f,"p50Us":%.0f,"p99Us":%.0f,"maxUs":%.0f}\n',
    summary.requests, summary.duration, summary.bytes, errors.connect, errors.read,
    errors.write, errors.status, errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max
  ))
end
