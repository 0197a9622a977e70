// CloudFront Function (viewer request) for the docs in an object-storage bucket (S3, R2, GCS
// behind CloudFront): does what a plain static host does for directories.
//   /docs/x/  -> fetches the object docs/x/index.html
//   /docs/x   -> 301 to /docs/x/ (a path without a file extension is a page's folder)
// Everything else (assets, index.md, sitemap.xml, llms.txt) is fetched as is. Written in ES5, so
// it runs on both CloudFront Functions runtimes. test/quality/cdn.test.ts runs it against a build.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.charAt(uri.length - 1) === '/') {
    request.uri = uri + 'index.html';
    return request;
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return request;
  var query = [];
  var qs = request.querystring || {};
  for (var name in qs) {
    if (Object.prototype.hasOwnProperty.call(qs, name)) query.push(name + (qs[name].value ? '=' + qs[name].value : ''));
  }
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: { location: { value: uri + '/' + (query.length ? '?' + query.join('&') : '') } },
  };
}
