// SCAFFOLD: removed when npz I/O lands.
namespace xpar {}
