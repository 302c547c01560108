{
  fault: function (log, db) {},
  result: function (ctx, db) {
    return { html: '<img src=x onerror=alert(1)><script>document.body.textContent = 1</script>' };
  }
}
