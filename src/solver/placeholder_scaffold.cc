// SCAFFOLD: removed when the solver lands.
namespace xpar {}
